import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, ROLE_MESSAGES } from '@tidemark/contract';
import {
  actorFor,
  buildTestApp,
  contextOf,
  createOperator,
  createTenant,
  createWorkspace,
  type Actor,
  type TestApp,
} from '../testing/build-test-app';
import { ordersCsv, uploadCsv } from '../testing/uploads';
import { addMember } from '../modules/tenants';
import { signInByEmail } from '../modules/auth';

/**
 * Who lands in a workspace and what its people and Tidemark's operators may change there: each case is an
 * attack from issue 25 (round 2, High and Medium "Roles") that worked on the code as it landed.
 */
describe('security probes: joining, roles and operators', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  }, 120_000);
  afterAll(() => t.close());

  const signUp = async (email: string): Promise<Actor> =>
    actorFor(t, await signInByEmail(contextOf(t), { email, plan: 'shopify', shopifyData: null }));

  /** Someone who signed up before the provider list grew: their workspace was founded by a public domain. */
  async function legacyAccount(email: string): Promise<Actor> {
    const domain = email.split('@')[1]!;
    const tenant = await createTenant({
      ctx: t,
      input: {
        display_name: `Legacy ${domain} ${Date.now()}`,
        email_domain: domain,
        tenant_status: 'active',
      },
    });
    const [user] = await t.db.query<{ user_id: number }>(
      'insert into users (email, login_id, tenant_id) values ($1, $1, $2) returning user_id',
      [email, tenant.tenant_id],
    );
    await addMember({ ctx: t, input: { tenantId: tenant.tenant_id, userId: user!.user_id, role: 'owner' } });
    return actorFor(t, user!.user_id);
  }

  const withData = async (actor: Actor) => {
    const res = await uploadCsv(t, actor.headers, { name: 'orders.csv', content: ordersCsv({ days: 10 }) });
    expect(res.statusCode, res.body).toBe(200);
  };
  const connectionsOf = (actor: Actor, tenantId: number) =>
    t.app.inject({ method: 'GET', url: `/v1/connections?tenant_id=${tenantId}`, headers: actor.headers });
  const memberCount = async (tenantId: number) =>
    (
      await t.db.query<{ n: number }>('select count(*)::int as n from memberships where tenant_id = $1', [
        tenantId,
      ])
    )[0]!.n;

  describe('strangers on a public mail provider', () => {
    it.each(['hotmail.fr', 't-online.de', 'orange.fr', 'comcast.net', 'naver.com'])(
      'keeps a second %s address out of the first one’s workspace and data',
      async (domain) => {
        const alice = await legacyAccount(`alice@${domain}`);
        await withData(alice);
        const link = await t.app.inject({
          method: 'POST',
          url: '/v1/auth/magic-login',
          payload: { destination: `bob@${domain}`, plan: 'shopify', is_demo: false },
        });
        expect(link.statusCode).toBe(400);
        expect(link.json().message).toBe(AUTH_MESSAGES.invalidDomain);
        await expect(signUp(`bob@${domain}`)).rejects.toMatchObject({ code: 'invalid_domain' });
        expect(await memberCount(alice.tenantId)).toBe(1);
      },
    );

    it('gives a second address of a shared academic domain its own workspace, refused the first one’s data', async () => {
      const alice = await signUp('alice@probe-university.edu');
      await withData(alice);
      const bob = await signUp('bob@probe-university.edu');
      expect(bob.tenantId).not.toBe(alice.tenantId);
      expect((await connectionsOf(bob, alice.tenantId)).statusCode).toBe(403);
      expect((await connectionsOf(bob, bob.tenantId)).json().count).toBe(0);
    });
  });

  describe('joining by company domain', () => {
    it('lets a colleague join by default, and not after an owner turns joining off', async () => {
      const carol = await signUp('carol@acme-probe.test');
      const dave = await signUp('dave@acme-probe.test');
      expect(dave.tenantId).toBe(carol.tenantId);

      const off = await t.app.inject({
        method: 'PUT',
        url: '/v1/members/joining',
        headers: carol.headers,
        payload: { join_by_domain: false },
      });
      expect(off.statusCode, off.body).toBe(200);
      const erin = await signUp('erin@acme-probe.test');
      expect(erin.tenantId).not.toBe(carol.tenantId);
      expect((await connectionsOf(erin, carol.tenantId)).statusCode).toBe(403);
    });

    it('lets an invited address in even when joining by domain is off', async () => {
      const owner = await signUp('owner@invite-probe.test');
      await t.app.inject({
        method: 'PUT',
        url: '/v1/members/joining',
        headers: owner.headers,
        payload: { join_by_domain: false },
      });
      const invite = await t.app.inject({
        method: 'POST',
        url: '/v1/members/invitations',
        headers: owner.headers,
        payload: { email: 'Frank@Hotmail.fr' },
      });
      expect(invite.statusCode, invite.body).toBe(200);
      const frank = await signUp('frank@hotmail.fr');
      expect(frank.tenantId).toBe(owner.tenantId);
    });
  });

  describe('owners and members', () => {
    let owner: Actor;
    let member: Actor;
    let memberUuid: string;
    let ownerKeyId: string;

    beforeAll(async () => {
      owner = (await createWorkspace(t, 'Roles Probe')).owner;
      const domain = owner.email.split('@')[1]!;
      member = await signUp(`member@${domain}`);
      expect(member.tenantId).toBe(owner.tenantId);
      [{ user_uuid: memberUuid }] = (await t.db.query<{ user_uuid: string }>(
        'select user_uuid from users where user_id = $1',
        [member.userId],
      )) as [{ user_uuid: string }];
      const key = await t.app.inject({
        method: 'POST',
        url: '/v1/apps/tokens',
        headers: owner.headers,
        payload: { name: 'Owner key' },
      });
      ownerKeyId = key.json().data.id;
    });

    it.each([
      [
        'revoke the owner’s API key',
        'DELETE',
        (): string => `/v1/apps/tokens/${ownerKeyId}`,
        undefined,
        ROLE_MESSAGES.revokeKey,
      ],
      [
        'change the plan',
        'POST',
        (): string => '/v1/billing/checkout',
        { plan: 'growth' },
        ROLE_MESSAGES.billing,
      ],
      [
        'cancel the plan',
        'POST',
        (): string => '/v1/billing/cancel',
        { plan: 'trial' },
        ROLE_MESSAGES.billing,
      ],
      [
        'turn joining off',
        'PUT',
        (): string => '/v1/members/joining',
        { join_by_domain: false },
        ROLE_MESSAGES.joining,
      ],
      [
        'invite someone',
        'POST',
        (): string => '/v1/members/invitations',
        { email: 'x@y-probe.test' },
        ROLE_MESSAGES.invitations,
      ],
    ] as const)('refuses a member who tries to %s with 403', async (_what, method, url, payload, message) => {
      const res = await t.app.inject({
        method,
        url: url(),
        headers: member.headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(message);
    });

    it('refuses a member who tries to remove an owner', async () => {
      const [{ user_uuid }] = (await t.db.query<{ user_uuid: string }>(
        'select user_uuid from users where user_id = $1',
        [owner.userId],
      )) as [{ user_uuid: string }];
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/v1/members/${user_uuid}`,
        headers: member.headers,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ROLE_MESSAGES.members);
    });

    it('lets a member revoke a key they made themselves', async () => {
      const key = await t.app.inject({
        method: 'POST',
        url: '/v1/apps/tokens',
        headers: member.headers,
        payload: { name: 'Mine' },
      });
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/v1/apps/tokens/${key.json().data.id}`,
        headers: member.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('lets the owner change the plan, revoke a member’s key and remove the member', async () => {
      const plan = await t.app.inject({
        method: 'POST',
        url: '/v1/billing/checkout',
        headers: owner.headers,
        payload: { plan: 'growth' },
      });
      expect(plan.statusCode, plan.body).toBe(200);
      const key = await t.app.inject({
        method: 'POST',
        url: '/v1/apps/tokens',
        headers: member.headers,
        payload: { name: 'Member key' },
      });
      const revoke = await t.app.inject({
        method: 'DELETE',
        url: `/v1/apps/tokens/${key.json().data.id}`,
        headers: owner.headers,
      });
      expect(revoke.statusCode, revoke.body).toBe(200);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/v1/members/${memberUuid}`,
        headers: owner.headers,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await connectionsOf(member, owner.tenantId)).statusCode).toBe(403);
    });
  });

  describe('operators in a customer’s workspace', () => {
    let customer: { tenant: { tenant_id: number }; owner: Actor };
    let operator: Actor;

    beforeAll(async () => {
      customer = await createWorkspace(t, 'Operator Probe');
      await withData(customer.owner);
      operator = await createOperator(t);
    });

    const asOperator = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
      t.app.inject({
        method,
        url: `${path}${path.includes('?') ? '&' : '?'}tenant_id=${customer.tenant.tenant_id}`,
        headers: operator.headers,
        ...(payload ? { payload } : {}),
      });

    it('lets an operator view the customer', async () => {
      expect((await asOperator('GET', '/v1/connections')).statusCode).toBe(200);
    });

    it.each([
      ['create an API key', '/v1/apps/tokens', { name: 'Operator key' }],
      [
        'create a global filter',
        '/v1/feed/filters',
        { dimension_id: 1, dimension_name: 'Channel', dimension_value: 'Email', display_name: 'Email' },
      ],
      ['change the plan', '/v1/billing/checkout', { plan: 'growth' }],
    ] as const)(
      'refuses an operator who tries to %s in the customer’s workspace',
      async (_what, path, body) => {
        const res = await asOperator('POST', path, body);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().message).toBe(ROLE_MESSAGES.operatorReadOnly);
      },
    );

    it('records an allowed support action in the log the customer’s owner reads', async () => {
      const sources = (await asOperator('GET', '/v1/connections')).json().rows as Array<{
        datasource_id: string;
      }>;
      const sync = await asOperator('POST', `/v1/connectors/${sources[0]!.datasource_id}/sync`);
      expect(sync.statusCode).not.toBe(403);
      const log = await t.app.inject({
        method: 'GET',
        url: '/v1/members/operator_log',
        headers: customer.owner.headers,
      });
      expect(log.statusCode, log.body).toBe(200);
      expect(log.json().entries[0]).toMatchObject({
        operator_email: operator.email,
        method: 'POST',
        route: '/v1/connectors/:datasource_id/sync',
      });
    });
  });
});

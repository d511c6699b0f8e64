import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_MESSAGES, ROLE_MESSAGES } from '@tidemark/contract';
import { signInByEmail } from '../auth';
import {
  actorFor,
  buildTestApp,
  contextOf,
  createOperator,
  createWorkspace,
  type Actor,
  type TestApp,
} from '../../testing/build-test-app';
import { mailDomainKind } from './mail-domains';

describe('members, invitations and the joining rule', () => {
  let t: TestApp;
  let owner: Actor;
  let domain: string;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = (await createWorkspace(t)).owner;
    domain = owner.email.split('@')[1]!;
  }, 120_000);
  afterAll(() => t.close());

  const signUp = async (email: string) =>
    actorFor(t, await signInByEmail(contextOf(t), { email, plan: 'shopify', shopifyData: null }));
  const call = (
    actor: Actor,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: actor.headers, ...(payload ? { payload } : {}) });
  const members = async (actor: Actor) => (await call(actor, 'GET', '/v1/members')).json();

  it.each([
    ['hotmail.fr', 'public'],
    ['mail.yahoo.co.jp', 'public'],
    ['t-online.de', 'public'],
    ['cs.stanford.edu', 'shared'],
    ['ox.ac.uk', 'shared'],
    ['acme-goods.com', 'company'],
  ] as const)('judges %s a %s mail domain', (d, kind) => expect(mailDomainKind(d)).toBe(kind));

  it('lists the founder as owner, a colleague who joined by domain as member, and the joining rule', async () => {
    const colleague = await signUp(`pat@${domain}`);
    const body = await members(colleague);
    expect(body.your_role).toBe('member');
    expect(body.joining).toEqual({ domain, join_by_domain: true, can_join_by_domain: true });
    expect(
      body.members.map((m: { email: string; role: string; joined_via: string }) => [
        m.email,
        m.role,
        m.joined_via,
      ]),
    ).toEqual([
      [owner.email, 'owner', 'founder'],
      [`pat@${domain}`, 'member', 'domain'],
    ]);
  });

  it('lets an owner make an owner, and keeps the last owner from stepping down or being removed', async () => {
    const mate = await signUp(`lee@${domain}`);
    const list = await members(owner);
    const uuidOf = (email: string) =>
      list.members.find((m: { email: string }) => m.email === email).user_uuid as string;
    const ownerUuid = uuidOf(owner.email);

    const alone = await call(owner, 'PATCH', `/v1/members/${ownerUuid}`, { role: 'member' });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toBe(ROLE_MESSAGES.lastOwner);
    expect((await call(owner, 'DELETE', `/v1/members/${ownerUuid}`)).statusCode).toBe(409);

    const promote = await call(owner, 'PATCH', `/v1/members/${uuidOf(mate.email)}`, { role: 'owner' });
    expect(promote.statusCode, promote.body).toBe(200);
    expect(promote.json().message).toBe(MEMBER_MESSAGES.roleChanged(mate.email, 'owner'));
    // Now the new owner may hand the founder's role back to member.
    const demote = await call(mate, 'PATCH', `/v1/members/${ownerUuid}`, { role: 'member' });
    expect(demote.statusCode, demote.body).toBe(200);
    await call(mate, 'PATCH', `/v1/members/${ownerUuid}`, { role: 'owner' });
  });

  it('answers 404 for someone who is not a member and for text that is not an id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nobody']) {
      const res = await call(owner, 'DELETE', `/v1/members/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MEMBER_MESSAGES.notFound);
    }
  });

  it('lists, withdraws and honours invitations, also for someone who already has an account', async () => {
    const elsewhere = await createWorkspace(t);
    const invite = await call(owner, 'POST', '/v1/members/invitations', { email: elsewhere.owner.email });
    expect(invite.statusCode, invite.body).toBe(200);
    const withdrawn = await call(owner, 'POST', '/v1/members/invitations', {
      email: 'gone@withdrawn-probe.test',
    });
    expect(withdrawn.statusCode).toBe(200);
    const pending = (await call(owner, 'GET', '/v1/members/invitations')).json().invitations;
    expect(pending.map((i: { email: string }) => i.email).sort()).toEqual(
      [elsewhere.owner.email, 'gone@withdrawn-probe.test'].sort(),
    );
    const gone = pending.find((i: { email: string }) => i.email === 'gone@withdrawn-probe.test');
    expect((await call(owner, 'DELETE', `/v1/members/invitations/${gone.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `/v1/members/invitations/${gone.id}`)).statusCode).toBe(404);

    // The invited user signs in again: they now belong to both workspaces, their own still their home.
    await signInByEmail(contextOf(t), { email: elsewhere.owner.email, plan: 'shopify', shopifyData: null });
    const verify = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/verify',
      headers: elsewhere.owner.headers,
    });
    expect(
      verify
        .json()
        .tenants.map((x: { tenant_id: number }) => x.tenant_id)
        .sort(),
    ).toEqual([owner.tenantId, elsewhere.tenant.tenant_id].sort());
    expect(
      (await call(owner, 'POST', '/v1/members/invitations', { email: elsewhere.owner.email })).statusCode,
    ).toBe(409);
  });

  it('refuses to turn joining on for a public provider, and says why', async () => {
    const invited = 'founder@gmail.com';
    await call(owner, 'POST', '/v1/members/invitations', { email: invited });
    const founder = await signUp(invited);
    expect(founder.tenantId).toBe(owner.tenantId);
    // A workspace founded by a public domain (from before the list grew) cannot open joining by it.
    const [legacy] = await t.db.query<{ tenant_id: number }>(
      `insert into tenants (display_name, email_domain, join_by_domain) values ('Legacy Gmail', 'gmail.com', true)
       returning tenant_id::int`,
    );
    await t.db.query(`insert into memberships (tenant_id, user_id, role) values ($1, $2, 'owner')`, [
      legacy!.tenant_id,
      founder.userId,
    ]);
    const res = await call(founder, 'PUT', `/v1/members/joining?tenant_id=${legacy!.tenant_id}`, {
      join_by_domain: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MEMBER_MESSAGES.joiningPublicDomain('gmail.com'));
    const rule = (await call(founder, 'GET', `/v1/members?tenant_id=${legacy!.tenant_id}`)).json().joining;
    expect(rule).toEqual({ domain: 'gmail.com', join_by_domain: false, can_join_by_domain: false });
  });

  it('starts a second workspace of a company domain closed, so closing the first opens no side door', async () => {
    const founder = await signUp('first@side-door-probe.test');
    await call(founder, 'PUT', '/v1/members/joining', { join_by_domain: false });
    const second = await signUp('second@side-door-probe.test');
    expect(second.tenantId).not.toBe(founder.tenantId);
    expect((await members(second)).joining.join_by_domain).toBe(false);
    const third = await signUp('third@side-door-probe.test');
    expect([founder.tenantId, second.tenantId]).not.toContain(third.tenantId);
  });

  it('lets members read the list but not the operator log; operators view both', async () => {
    const member = await signUp(`reader@${domain}`);
    expect((await call(member, 'GET', '/v1/members')).statusCode).toBe(200);
    const log = await call(member, 'GET', '/v1/members/operator_log');
    expect(log.statusCode).toBe(403);
    expect(log.json().message).toBe(ROLE_MESSAGES.operatorLog);
    const operator = await createOperator(t);
    const viewed = await call(operator, 'GET', `/v1/members/operator_log?tenant_id=${owner.tenantId}`);
    expect(viewed.statusCode).toBe(200);
    expect(
      (await call(operator, 'GET', `/v1/members?tenant_id=${owner.tenantId}`)).json().your_role,
    ).toBeNull();
  });

  it('stops the API keys of a removed member', async () => {
    const leaver = await signUp(`leaver@${domain}`);
    const key = (await call(leaver, 'POST', '/v1/apps/tokens', { name: 'Leaver key' })).json().data.token;
    const read = () =>
      t.app.inject({ method: 'GET', url: '/v1/apps/tokens', headers: { authorization: `Bearer ${key}` } });
    expect((await read()).statusCode).toBe(200);
    const uuid = (await members(owner)).members.find(
      (m: { email: string }) => m.email === leaver.email,
    ).user_uuid;
    expect((await call(owner, 'DELETE', `/v1/members/${uuid}`)).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(401);
  });
});

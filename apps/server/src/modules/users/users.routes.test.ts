import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_MESSAGES } from '@tidemark/contract';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';

describe('persona answer (PATCH users/{uuid})', () => {
  let t: TestApp;
  let me: Actor;
  let someoneElse: Actor;
  const uuidOf = async (actor: Actor) =>
    (await t.app.inject({ method: 'GET', url: '/v1/auth/verify', headers: actor.headers })).json().user
      .user_uuid as string;
  const send = async (actor: Actor, uuid: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/v1/users/${uuid}`, headers: actor.headers, payload });

  beforeAll(async () => {
    t = await buildTestApp();
    me = (await createWorkspace(t)).owner;
    someoneElse = (await createWorkspace(t)).owner;
  });
  afterAll(() => t.close());

  it.each([
    ['no role', { role: '', objectives: [] }, PERSONA_MESSAGES.roleRequired],
    [
      'an unknown role',
      { role: 'Investor', objectives: [{ name: 'Core revenue metrics' }] },
      PERSONA_MESSAGES.roleRequired,
    ],
    ['a founder without objectives', { role: 'Founder', objectives: [] }, PERSONA_MESSAGES.objectiveRequired],
    [
      "a founder with a marketer's objective",
      { role: 'Founder', objectives: [{ name: 'Key marketing metrics' }] },
      PERSONA_MESSAGES.objectiveUnknown('Founder'),
    ],
    ['Other without text', { role: 'Other: ', objectives: [] }, PERSONA_MESSAGES.textRequired],
    [
      'Other over 500 characters',
      { role: `Other: ${'x'.repeat(501)}`, objectives: [] },
      PERSONA_MESSAGES.textTooLong,
    ],
  ])('refuses %s with 400 and its message', async (_, payload, message) => {
    const res = await send(me, await uuidOf(me), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
  });

  it("refuses to change another user's persona with 403, and leaves it unchanged", async () => {
    const theirs = await uuidOf(someoneElse);
    const res = await send(me, theirs, { role: 'Founder', objectives: [{ name: 'Core revenue metrics' }] });
    expect(res.statusCode).toBe(403);
    const [row] = await t.db.query<{ persona_role: string | null; show_onboarding: boolean }>(
      'select persona_role, show_onboarding from users where user_id = $1',
      [someoneElse.userId],
    );
    expect(row).toEqual({ persona_role: null, show_onboarding: true });
    const unknown = await send(me, '00000000-0000-4000-8000-000000000000', {
      role: 'Founder',
      objectives: [],
    });
    expect(unknown.statusCode).toBe(403);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v1/users/${await uuidOf(me)}`,
      payload: { role: 'Founder', objectives: [{ name: 'Core revenue metrics' }] },
    });
    expect(res.statusCode).toBe(401);
  });

  it('stores the persona and finishes onboarding', async () => {
    const res = await send(me, await uuidOf(me), {
      role: 'Marketer',
      objectives: [
        { name: 'Key marketing metrics' },
        { name: 'Low severity events' },
        { name: 'Low severity events' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: PERSONA_MESSAGES.updated,
      data: {
        role: 'Marketer',
        objectives: [{ name: 'Key marketing metrics' }, { name: 'Low severity events' }],
      },
    });
    const user = (await t.app.inject({ method: 'GET', url: '/v1/auth/verify', headers: me.headers })).json()
      .user;
    expect(user).toMatchObject({ show_onboarding: false, user_status: 'active' });
  });

  it("keeps Other's free text and drops objectives", async () => {
    const res = await send(me, await uuidOf(me), {
      role: 'Other: tracking wholesale orders',
      objectives: [{ name: 'Core revenue metrics' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.query<{ persona_role: string; persona_objectives: unknown }>(
      'select persona_role, persona_objectives from users where user_id = $1',
      [me.userId],
    );
    expect(row).toEqual({ persona_role: 'Other: tracking wholesale orders', persona_objectives: [] });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_CODE_MAX_ATTEMPTS, PHONE_MESSAGES, PROFILE_MESSAGES, SETUP_NOTICES } from '@tidemark/contract';
import {
  buildTestApp,
  contextOf,
  createWorkspace,
  type Actor,
  type TestApp,
} from '../../testing/build-test-app';
import { startFakeTwilio, type FakeTwilio } from '../../testing/fake-twilio';
import { channelSender, PermanentSendError, type Notification } from '../notifications';
import { alertSmsText, SMS_MAX } from './sms-text';

const PHONE = '+14155550123';
const OTHER_PHONE = '+919876543210';

describe('SMS through Twilio, to verified numbers only', () => {
  let twilio: FakeTwilio;
  let t: TestApp;
  let me: Actor;
  let uuid: string;

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    t = await buildTestApp({
      config: {
        twilio: {
          accountSid: twilio.accountSid,
          authToken: twilio.authToken,
          from: '+15005550006',
          apiUrl: twilio.apiUrl,
        },
      },
    });
    me = (await createWorkspace(t)).owner;
    uuid = (await t.app.inject({ method: 'GET', url: '/v1/auth/verify', headers: me.headers })).json().user
      .user_uuid as string;
  });
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: me.headers, ...(payload ? { payload } : {}) });
  const sendCode = () => call('POST', '/v1/users/phone/code');
  const confirm = (code: string) => call('POST', '/v1/users/phone/verify', { code });
  const setPhone = (phone_number: string) =>
    call('PUT', '/v1/users/profile', { given_name: 'Grace', family_name: 'Hopper', phone_number });
  const lastCode = () => /(\d{6})/.exec(twilio.messages.at(-1)!.body)![1]!;
  // The resend wait is 30 s; tests move the last send back instead of waiting.
  const allowResend = () =>
    t.db.query(`update phone_verifications set sent_at = now() - interval '1 minute' where user_id = $1`, [
      me.userId,
    ]);
  const smsChannel = async () =>
    (await call('GET', `/v1/users/${uuid}/subscriptions`)).json() as {
      channels: Array<{ name: string; is_active: boolean; is_verified: boolean }>;
      sms: { configured: boolean; is_verified: boolean; code_expires_at: string | null };
    };

  it('asks for a phone number first, and refuses one that is not E.164', async () => {
    const none = await sendCode();
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(PHONE_MESSAGES.noPhone);
    for (const bad of ['4155550123', '+1 415 555', '+0123456789', 'phone']) {
      const res = await setPhone(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(PROFILE_MESSAGES.invalidPhone);
    }
  });

  it('turns SMS on with the saved phone, unverified until a texted code is confirmed', async () => {
    expect((await setPhone(PHONE)).statusCode).toBe(200);
    const on = await call('PATCH', `/v1/users/${uuid}/subscriptions`, {
      channels: [{ name: 'sms', is_active: true }],
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.channels).toContainEqual({ name: 'sms', is_active: true, is_verified: false });
    expect(await channelSender('sms')!.canReach!(t.db, { tenantId: me.tenantId, userId: me.userId })).toBe(
      false,
    );

    const sent = await sendCode();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(PHONE_MESSAGES.sent('+1•••••••123'));
    expect(twilio.messages.at(-1)).toMatchObject({ to: PHONE, from: '+15005550006' });
    const code = lastCode();
    const [row] = await t.db.query<{ code_hash: string }>(
      'select code_hash from phone_verifications where user_id = $1',
      [me.userId],
    );
    expect(row!.code_hash).not.toContain(code);
    expect((await smsChannel()).sms.code_expires_at).not.toBeNull();

    const soon = await sendCode();
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toBe(PHONE_MESSAGES.tooSoon);

    const malformed = await confirm('12ab');
    expect(malformed.json().message).toBe(PHONE_MESSAGES.codeFormat);
    const wrong = await confirm(code === '000000' ? '000001' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(PHONE_MESSAGES.wrongCode(PHONE_CODE_MAX_ATTEMPTS - 1));

    const right = await confirm(`${code.slice(0, 3)} ${code.slice(3)}`);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().message).toBe(PHONE_MESSAGES.verified);
    const after = await smsChannel();
    expect(after.channels).toContainEqual({ name: 'sms', is_active: true, is_verified: true });
    expect(after.sms).toEqual({
      configured: true,
      setup_notice: null,
      is_verified: true,
      code_expires_at: null,
    });
    // The code is used up.
    expect((await confirm(code)).json().message).toBe(PHONE_MESSAGES.noCode);
  });

  it('texts one short line with the link to a verified number, honouring nothing but the outbox row', async () => {
    const n: Notification = {
      id: '77',
      tenant_id: me.tenantId,
      user_id: me.userId,
      channel: 'sms',
      kind: 'insight_group',
      item_id: '42',
      title: 'Revenue fell 23% in Germany on the checkout page during the evening sale',
      summary: 'ignored in SMS',
      severity: 'High',
      expected: 5334,
      actual: 4100,
      dollar_impact: -1234,
      currency: 'USD',
      app_url: 'http://localhost:8080/groups/42',
      attempt: 1,
      details: {},
    };
    const before = twilio.messages.length;
    const result = await channelSender('sms')!.send(contextOf(t), n);
    expect(twilio.messages).toHaveLength(before + 1);
    const text = twilio.messages.at(-1)!;
    expect(result.providerMessageId).toBe(text.sid);
    expect(text.to).toBe(PHONE);
    expect(text.body).toBe(alertSmsText(n));
    expect(text.body.startsWith('Tidemark High: Revenue fell 23%')).toBe(true);
    expect(text.body.endsWith(' (-$1,234) http://localhost:8080/groups/42')).toBe(true);
    expect(text.body.length).toBeLessThanOrEqual(SMS_MAX);
    expect(text.body).not.toContain('\n');

    // A changed number is no longer verified: nothing is texted to it.
    expect((await setPhone(OTHER_PHONE)).statusCode).toBe(200);
    await expect(channelSender('sms')!.send(contextOf(t), n)).rejects.toBeInstanceOf(PermanentSendError);
    expect(twilio.messages).toHaveLength(before + 1);
    expect((await smsChannel()).channels).toContainEqual({
      name: 'sms',
      is_active: true,
      is_verified: false,
    });
  });

  it('refuses an expired code', async () => {
    await allowResend();
    expect((await sendCode()).statusCode).toBe(200);
    const code = lastCode();
    await t.db.query(
      `update phone_verifications set expires_at = now() - interval '1 second' where user_id = $1`,
      [me.userId],
    );
    const res = await confirm(code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PHONE_MESSAGES.expired);
    expect((await smsChannel()).sms.is_verified).toBe(false);
  });

  it('stops after the last wrong try, even for the right code', async () => {
    await allowResend();
    expect((await sendCode()).statusCode).toBe(200);
    const code = lastCode();
    const wrong = code === '999999' ? '999998' : '999999';
    for (let left = PHONE_CODE_MAX_ATTEMPTS - 1; left >= 0; left--) {
      expect((await confirm(wrong)).json().message).toBe(PHONE_MESSAGES.wrongCode(left));
    }
    const late = await confirm(code);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(PHONE_MESSAGES.wrongCode(0));
    expect((await smsChannel()).sms.is_verified).toBe(false);
  });

  it('says so when Twilio refuses the number', async () => {
    await allowResend();
    twilio.refused.add(OTHER_PHONE);
    try {
      const res = await sendCode();
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PHONE_MESSAGES.sendFailed);
    } finally {
      twilio.refused.delete(OTHER_PHONE);
    }
  });
});

describe('SMS without Twilio', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('says SMS is not configured, in settings and when a code is asked for', async () => {
    const { owner } = await createWorkspace(t);
    const uuid = (
      await t.app.inject({ method: 'GET', url: '/v1/auth/verify', headers: owner.headers })
    ).json().user.user_uuid as string;
    await t.app.inject({
      method: 'PUT',
      url: '/v1/users/profile',
      headers: owner.headers,
      payload: { given_name: 'Grace', family_name: 'Hopper', phone_number: PHONE },
    });
    const subs = await t.app.inject({
      method: 'GET',
      url: `/v1/users/${uuid}/subscriptions`,
      headers: owner.headers,
    });
    expect(subs.json().sms).toEqual({
      configured: false,
      setup_notice: SETUP_NOTICES.sms.customer,
      is_verified: false,
      code_expires_at: null,
    });
    const res = await t.app.inject({ method: 'POST', url: '/v1/users/phone/code', headers: owner.headers });
    expect(res.statusCode).toBe(501);
    // The customer is not shown the Twilio settings the operator's message names.
    expect(res.json().message).toBe(SETUP_NOTICES.sms.customer);
    expect(res.body).not.toContain('TWILIO');
    expect(channelSender('sms')!.isConfigured(t.config)).toBe(false);
  });
});

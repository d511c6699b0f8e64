import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@tidemark/contract';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';

describe('magic-link rate limit per client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { magicLinkLimitPerIp: 2 } });
  });
  afterAll(() => t.close());

  it('refuses a client asking for links to many addresses once it passes the limit', async () => {
    const ask = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/magic-login',
        remoteAddress: '203.0.113.7',
        payload: { destination: `user${n}@spray-co.test` },
      });
    expect((await ask(1)).statusCode).toBe(200);
    expect((await ask(2)).statusCode).toBe(200);
    const third = await ask(3);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ success: false, message: AUTH_MESSAGES.tooManyRequests });
    const other = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/magic-login',
      remoteAddress: '198.51.100.9',
      payload: { destination: 'someone@spray-co.test' },
    });
    expect(other.statusCode).toBe(200);
  });
});

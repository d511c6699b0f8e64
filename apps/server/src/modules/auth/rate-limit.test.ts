import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@tidemark/contract';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { clientOf } from './client';

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

describe('magic-link limit per address and client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { magicLinkLimitPerAddress: 2, magicLinkCapPerAddress: 100 } });
  });
  afterAll(() => t.close());

  const ask = (destination: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/magic-login', remoteAddress, payload: { destination } });

  it('counts the addresses of one IPv6 /64 as one client, so rotating through them does not help', async () => {
    const answers: number[] = [];
    for (const ip of [
      '2001:db8:5:6::1',
      '2001:db8:5:6::beef',
      '2001:db8:5:6:ffff:1:2:3',
      '2001:db8:5:6:a:b:c:d',
    ]) {
      answers.push((await ask('carol@rotate-co.test', ip)).statusCode);
    }
    expect(answers).toEqual([200, 200, 429, 429]);
    expect((await ask('carol@rotate-co.test', '2001:db8:5:7::1')).statusCode).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    expect((await ask('dave@mapped-co.test', '192.0.2.44')).statusCode).toBe(200);
    expect((await ask('dave@mapped-co.test', '::ffff:192.0.2.44')).statusCode).toBe(200);
    expect((await ask('dave@mapped-co.test', '::ffff:c000:22c')).statusCode).toBe(429);
  });
});

describe('the client a sign-in limit counts', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::9', '2001:db8:1:2::/64'],
    ['not an address', 'not an address'],
  ])('%s is counted as %s', (ip, client) => {
    expect(clientOf(ip)).toBe(client);
  });
});

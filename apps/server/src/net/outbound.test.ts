import { describe, expect, it } from 'vitest';
import { loadConfig, parseAllowedNetworks } from '../config/env';
import {
  decideAddress,
  outboundPolicy,
  resolveOutbound,
  type OutboundPolicy,
  type Resolver,
} from './outbound';

const DEPLOYMENT: OutboundPolicy = { allowNonPublic: false, allowedNetworks: [] };
const TRIAL: OutboundPolicy = { allowNonPublic: true, allowedNetworks: [] };
const LOOPBACK_ONLY: OutboundPolicy = { allowNonPublic: false, allowedNetworks: ['127.0.0.0/8'] };

/** Fails the test if a name is looked up: numeric spellings must be parsed, never resolved. */
const noLookup: Resolver = (name) => Promise.reject(new Error(`looked up ${name}`));

/** A resolver from a table, counting its calls; nothing leaves the process. */
function fakeResolver(answers: Record<string, string[][]>) {
  const calls: string[] = [];
  const resolver: Resolver = async (name) => {
    const asked = calls.filter((c) => c === name).length;
    calls.push(name);
    const rounds = answers[name];
    if (!rounds) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    const round = rounds[Math.min(asked, rounds.length - 1)]!;
    return round.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolver, calls };
}

describe('outbound guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd00::1', 'uniqueLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2002:a00:1::', '6to4'],
    ['2001:db8::1', 'reserved'],
  ])('refuses %s (%s) on a deployment', (address, range) => {
    expect(decideAddress(address, DEPLOYMENT)).toEqual({ allowed: false, range });
  });

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows the public address %s everywhere',
    (address) => {
      for (const policy of [DEPLOYMENT, TRIAL, LOOPBACK_ONLY]) {
        expect(decideAddress(address, policy)).toEqual({ allowed: true });
      }
    },
  );

  it.each(['127.0.0.1', '10.0.0.5', '::1', 'fd00::1', '169.254.169.254'])(
    'allows %s on the embedded trial',
    (address) => {
      expect(decideAddress(address, TRIAL)).toEqual({ allowed: true });
    },
  );

  it('allows exactly the listed networks besides public addresses', () => {
    expect(decideAddress('127.0.0.1', LOOPBACK_ONLY).allowed).toBe(true);
    expect(decideAddress('::ffff:127.0.0.1', LOOPBACK_ONLY).allowed).toBe(true);
    expect(decideAddress('10.0.0.1', LOOPBACK_ONLY).allowed).toBe(false);
    expect(decideAddress('::1', LOOPBACK_ONLY).allowed).toBe(false);
    const v6: OutboundPolicy = { allowNonPublic: false, allowedNetworks: ['fd12:3456::/32', '10.20.0.0/16'] };
    expect(decideAddress('fd12:3456::9', v6).allowed).toBe(true);
    expect(decideAddress('fd00::9', v6).allowed).toBe(false);
    expect(decideAddress('10.20.3.4', v6).allowed).toBe(true);
    expect(decideAddress('10.21.3.4', v6).allowed).toBe(false);
  });

  it.each([
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['0.0.0.0', '0.0.0.0'],
    ['[::1]', '::1'],
    ['::ffff:127.0.0.1', '::ffff:7f00:1'],
    ['[::ffff:7f00:1]', '::ffff:7f00:1'],
    ['10.0.0.1', '10.0.0.1'],
    ['169.254.169.254', '169.254.169.254'],
    ['[fd00::1]', 'fd00::1'],
  ])('parses %s without a lookup and refuses it on a deployment', async (host, address) => {
    await expect(resolveOutbound(host, 5432, DEPLOYMENT, noLookup)).rejects.toMatchObject({
      name: 'OutboundError',
      code: 'refused',
    });
    // The same spelling on the trial answers the canonical address it will connect to.
    expect((await resolveOutbound(host, 5432, TRIAL, noLookup)).address).toBe(address);
  });

  it('marks an address reached only through a listed network, whose failures must read alike', async () => {
    expect((await resolveOutbound('127.0.0.1', 5432, LOOPBACK_ONLY)).listed).toBe(true);
    expect((await resolveOutbound('127.0.0.1', 5432, TRIAL)).listed).toBe(false);
    expect((await resolveOutbound('93.184.216.34', 5432, LOOPBACK_ONLY)).listed).toBe(false);
  });

  it('refuses localhost through the system resolver on a deployment', async () => {
    await expect(resolveOutbound('localhost', 5432, DEPLOYMENT)).rejects.toMatchObject({ code: 'refused' });
  });

  it('resolves a name once and hands back the address it checked, though the next answer is private', async () => {
    const { resolver, calls } = fakeResolver({ 'db.rebind.test': [['93.184.216.34'], ['10.0.0.1']] });
    const target = await resolveOutbound('db.rebind.test', 5432, DEPLOYMENT, resolver);
    expect(target).toEqual({
      address: '93.184.216.34',
      family: 4,
      servername: 'db.rebind.test',
      listed: false,
    });
    expect(calls).toEqual(['db.rebind.test']);
    // The second answer is what a rebinding attacker serves; had it been asked, it would be refused.
    await expect(resolveOutbound('db.rebind.test', 5432, DEPLOYMENT, resolver)).rejects.toMatchObject({
      code: 'refused',
    });
  });

  it('refuses a name whose answer mixes a public and a private address', async () => {
    const { resolver } = fakeResolver({ 'mixed.test': [['93.184.216.34', '169.254.169.254']] });
    await expect(resolveOutbound('mixed.test', 5432, DEPLOYMENT, resolver)).rejects.toMatchObject({
      code: 'refused',
    });
  });

  it('prefers the IPv4 address of a name that has both, keeping the name for TLS', async () => {
    const { resolver } = fakeResolver({ 'both.test.': [['2606:4700:4700::1111', '1.1.1.1']] });
    expect(await resolveOutbound('both.test.', 3306, DEPLOYMENT, resolver)).toEqual({
      address: '1.1.1.1',
      family: 4,
      servername: 'both.test',
      listed: false,
    });
  });

  it('tells a name that does not resolve and one that is not a host apart only for the log', async () => {
    const { resolver } = fakeResolver({});
    await expect(resolveOutbound('nowhere.test', 5432, TRIAL, resolver)).rejects.toMatchObject({
      code: 'not_found',
    });
    for (const host of ['/var/run/postgresql', 'a b', 'host:5432', '']) {
      await expect(resolveOutbound(host, 5432, TRIAL, noLookup)).rejects.toMatchObject({
        code: 'invalid_host',
      });
    }
  });

  it.each([
    [{}, TRIAL],
    [{ DATABASE_URL: 'postgres://db.internal/tidemark' }, DEPLOYMENT],
    [{ NODE_ENV: 'production' }, DEPLOYMENT],
    [{ SOURCE_ALLOWED_NETWORKS: '127.0.0.0/8' }, LOOPBACK_ONLY],
    [{ DATABASE_URL: 'postgres://db.internal/t', SOURCE_ALLOWED_NETWORKS: '127.0.0.0/8' }, LOOPBACK_ONLY],
    [{ SOURCE_ALLOWED_NETWORKS: 'none' }, DEPLOYMENT],
  ])('derives the policy from the environment %j', (env, policy) => {
    expect(outboundPolicy(loadConfig({ DATA_DIR: '/tmp/unused', ...env }))).toEqual(policy);
  });

  it('reads SOURCE_ALLOWED_NETWORKS as CIDRs, an address alone being one host', () => {
    expect(parseAllowedNetworks(' 10.20.0.0/16, fd12:3456::/48 ,192.0.2.7,::1')).toEqual([
      '10.20.0.0/16',
      'fd12:3456::/48',
      '192.0.2.7/32',
      '::1/128',
    ]);
    expect(parseAllowedNetworks(undefined)).toBeUndefined();
    for (const bad of ['10.0.0.0/33', 'fd00::/129', 'intranet', '10.0.0.0/8/1', '127.1/8']) {
      expect(() => parseAllowedNetworks(bad)).toThrow(`SOURCE_ALLOWED_NETWORKS: "${bad}"`);
    }
  });
});

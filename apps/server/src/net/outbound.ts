import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config/env';

/**
 * The one gate for connections a workspace can aim (database sources today): the name is resolved once,
 * every address it resolves to is checked, and the caller connects to the checked address, so a DNS answer
 * that changes between check and connect (rebinding) cannot move the connection.
 */

export interface OutboundPolicy {
  /** Loopback, private, link-local and every other non-public range are reachable: the embedded trial. */
  allowNonPublic: boolean;
  /** CIDRs reachable in addition to public addresses. */
  allowedNetworks: readonly string[];
}

/**
 * SOURCE_ALLOWED_NETWORKS decides when set (those networks and public addresses, nothing else); otherwise a
 * deployment (DATABASE_URL or NODE_ENV=production) reaches public addresses only, and the embedded trial,
 * where the one person at the machine connects their own local database, reaches anything.
 */
export function outboundPolicy(
  config: Pick<Config, 'env' | 'databaseUrl' | 'sourceAllowedNetworks'>,
): OutboundPolicy {
  if (config.sourceAllowedNetworks) {
    return { allowNonPublic: false, allowedNetworks: config.sourceAllowedNetworks };
  }
  const deployment = config.databaseUrl !== undefined || config.env === 'production';
  return { allowNonPublic: !deployment, allowedNetworks: [] };
}

export type AddressDecision = { allowed: true } | { allowed: false; range: string };

/**
 * Whether one resolved address may be connected to. Public means ipaddr.js's `unicast`: everything outside
 * its special ranges (loopback, private, linkLocal, uniqueLocal, multicast, unspecified, broadcast,
 * carrierGradeNat, reserved, 6to4, teredo, NAT64 …). IPv4-mapped and -compatible IPv6 are judged as IPv4.
 */
export function decideAddress(address: string, policy: OutboundPolicy): AddressDecision {
  if (!ipaddr.isValid(address)) return { allowed: false, range: 'not an address' };
  const ip = ipaddr.process(address);
  const range = ip.range();
  if (range === 'unicast') return { allowed: true };
  // Networks are compared with addresses of their own family: IPv4 ones are written as IPv4.
  if (policy.allowedNetworks.some((network) => inNetwork(ip, network))) return { allowed: true };
  if (policy.allowNonPublic) return { allowed: true };
  return { allowed: false, range };
}

function inNetwork(ip: ipaddr.IPv4 | ipaddr.IPv6, network: string): boolean {
  const [base, bits] = ipaddr.parseCIDR(network);
  if (ip.kind() === 'ipv4' && base.kind() === 'ipv4')
    return (ip as ipaddr.IPv4).match(base as ipaddr.IPv4, bits);
  if (ip.kind() === 'ipv6' && base.kind() === 'ipv6')
    return (ip as ipaddr.IPv6).match(base as ipaddr.IPv6, bits);
  return false;
}

export type OutboundFailure = 'invalid_host' | 'not_found' | 'refused';

/** Why a target was not allowed; `message` is for the server's log, never for the user. */
export class OutboundError extends Error {
  readonly code: OutboundFailure;
  constructor(code: OutboundFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OutboundError';
    this.code = code;
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address of a name, as the system resolver gives them (hosts file, then DNS). */
export type Resolver = (name: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (name) => lookup(name, { all: true, verbatim: true });

export interface CheckedTarget {
  /** The address to connect to: the one that was checked. */
  address: string;
  family: 4 | 6;
  /** The name as given, for TLS (SNI and the certificate's name); undefined when it was an address. */
  servername: string | undefined;
  /**
   * A non-public address reached only because SOURCE_ALLOWED_NETWORKS lists its network: failures there read
   * alike to the customer, so those networks cannot be mapped through the answers.
   */
  listed?: boolean;
}

/** Host names as DNS spells them (a trailing dot allowed), letters, digits and hyphens. */
const HOST_NAME =
  /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

/**
 * Resolves `host` once and returns the address to connect to, or throws OutboundError. Numeric spellings
 * (`2130706433`, `0x7f000001`, `127.1`, `0177.0.0.1`, `[::1]`, `::ffff:127.0.0.1`) are parsed, not looked up;
 * a name whose addresses are not all allowed is refused whole. IPv4 is preferred when a name has both.
 */
export async function resolveOutbound(
  host: string,
  port: number,
  policy: OutboundPolicy,
  resolver: Resolver = systemResolver,
): Promise<CheckedTarget> {
  const name = host.trim().replace(/^\[(.*)\]$/, '$1');
  const where = `${host}:${port}`;
  let addresses: string[];
  let servername: string | undefined;
  if (ipaddr.isValid(name)) {
    addresses = [ipaddr.parse(name).toString()];
  } else if (HOST_NAME.test(name)) {
    servername = name.replace(/\.$/, '');
    try {
      addresses = (await resolver(name)).map((a) => a.address);
    } catch (error) {
      throw new OutboundError('not_found', `${where} did not resolve`, { cause: error });
    }
    if (addresses.length === 0) throw new OutboundError('not_found', `${where} did not resolve`);
  } else {
    throw new OutboundError('invalid_host', `${where} is not a host name or an address`);
  }
  for (const address of addresses) {
    const decision = decideAddress(address, policy);
    if (!decision.allowed) {
      throw new OutboundError(
        'refused',
        `${where} resolves to ${address} (${decision.range}), which is not allowed`,
      );
    }
  }
  const parsed = addresses.map((address) => ipaddr.parse(address));
  const chosen = parsed.find((ip) => ip.kind() === 'ipv4') ?? parsed[0]!;
  const listed = !policy.allowNonPublic && chosen.range() !== 'unicast';
  return { address: chosen.toString(), family: chosen.kind() === 'ipv4' ? 4 : 6, servername, listed };
}

/** A connector's way to its target: `resolveOutbound` under the server's policy. */
export type OutboundGuard = (host: string, port: number) => Promise<CheckedTarget>;

export function outboundGuard(
  config: Pick<Config, 'env' | 'databaseUrl' | 'sourceAllowedNetworks'>,
): OutboundGuard {
  const policy = outboundPolicy(config);
  return (host, port) => resolveOutbound(host, port, policy);
}

import ipaddr from 'ipaddr.js';

/**
 * The client a sign-in limit counts: the request's IP as Fastify reports it (forwarded headers are believed
 * only from TRUST_PROXY's proxies), IPv4-mapped IPv6 as IPv4, and IPv6 by its /64, the block one subscriber
 * holds, so rotating through it is still one client. @fastify/rate-limit's default key groups addresses the same way.
 */
export function clientOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

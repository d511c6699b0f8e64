import { createHmac, timingSafeEqual } from 'node:crypto';

/** Which alert's chart a chart link shows: one outbox row of one workspace. */
export interface ChartClaim {
  tenantId: number;
  notificationId: string;
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`alert-chart|${payload}`).digest('base64url');

/**
 * `<tenant>.<notification>.<hmac>`: Slack fetches an image block from a public address, so the link carries
 * its own proof; the signature (server secret) stops anyone from walking it to another row's chart.
 */
export function chartToken(secret: string, c: ChartClaim): string {
  const payload = `${c.tenantId}.${c.notificationId}`;
  return `${payload}.${sign(secret, payload)}`;
}

export function readChartToken(secret: string, token: string): ChartClaim | null {
  const m = /^(\d{1,18})\.(\d{1,18})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, tenant, id, mac] = m;
  const expected = Buffer.from(sign(secret, `${tenant}.${id}`));
  const given = Buffer.from(mac!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { tenantId: Number(tenant), notificationId: id! };
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NotificationChannel } from './channel';

/** What one unsubscribe link turns off: alerts, or one kind of summary, on one channel. */
export const UNSUBSCRIBE_TYPES = ['alerts', 'daily', 'weekly', 'monthly', 'quarterly'] as const;
export type UnsubscribeType = (typeof UNSUBSCRIBE_TYPES)[number];

export interface UnsubscribeClaim {
  tenantId: number;
  userId: number;
  channel: NotificationChannel;
  type: UnsubscribeType;
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe|${payload}`).digest('base64url');

/**
 * `<tenant>.<user>.<channel>.<type>.<hmac>`: the link names whose subscription it is, and the signature
 * (server secret) stops anyone from editing it into another user's or another kind's. It does not expire:
 * an old e-mail's link must still work.
 */
export function unsubscribeToken(secret: string, c: UnsubscribeClaim): string {
  const payload = `${c.tenantId}.${c.userId}.${c.channel}.${c.type}`;
  return `${payload}.${sign(secret, payload)}`;
}

export function readUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | null {
  const m = /^(\d{1,18})\.(\d{1,18})\.(email|slack|sms)\.([a-z]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, tenant, user, channel, type, mac] = m;
  if (!(UNSUBSCRIBE_TYPES as readonly string[]).includes(type!)) return null;
  const expected = Buffer.from(sign(secret, `${tenant}.${user}.${channel}.${type}`));
  const given = Buffer.from(mac!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return {
    tenantId: Number(tenant),
    userId: Number(user),
    channel: channel as NotificationChannel,
    type: type as UnsubscribeType,
  };
}

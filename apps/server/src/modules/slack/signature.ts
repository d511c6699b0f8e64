import { createHmac, timingSafeEqual } from 'node:crypto';
import { SLACK_SIGNATURE_MAX_AGE_SECONDS } from '@tidemark/contract';

/**
 * Slack's request signing (v0): HMAC-SHA256 of `v0:{timestamp}:{raw body}` under the app's signing secret,
 * compared in constant time; a timestamp more than 5 minutes from now is refused so a captured request
 * cannot be replayed later.
 */
export function verifySlackSignature(input: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  body: string;
  nowSeconds?: number;
}): boolean {
  const { secret, timestamp, signature, body } = input;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp) || !signature.startsWith('v0=')) return false;
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > SLACK_SIGNATURE_MAX_AGE_SECONDS) return false;
  const expected = Buffer.from(
    `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { isValidPhoneNumber } from 'libphonenumber-js';
import {
  E164_PATTERN,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TTL_MINUTES,
  PHONE_CODES_PER_DAY,
  PHONE_MESSAGES,
  SETUP_NOTICES,
  setupNotice,
  type SmsStatus,
} from '@tidemark/contract';
import { AppError } from '../../errors';
import type { BaseContext, DbContext, SessionContext } from '../../plugins/context';
import * as repo from './phone.repository';
import { sendSms, twilioErrorCode } from './twilio-client';

const DAY_MS = 24 * 60 * 60_000;

/** Codes are kept only as an HMAC under the server secret, bound to the user and the number. */
function hashCode(secret: string, userId: number, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`phone|${userId}|${phone}|${code}`).digest('hex');
}

/** +14155550123 → +1•••••••123: enough to recognise one's number on screen, not to read it off a screenshot. */
export function maskPhone(phone: string): string {
  return phone.length <= 6 ? phone : `${phone.slice(0, 2)}${'•'.repeat(phone.length - 5)}${phone.slice(-3)}`;
}

export const isE164 = (phone: string) => E164_PATTERN.test(phone) && isValidPhoneNumber(phone);

/** Whether a user's SMS alerts may go out: a stored number that they confirmed with a texted code. */
export async function verifiedPhone({
  ctx,
  input,
}: {
  ctx: BaseContext;
  input: { userId: number };
}): Promise<string | null> {
  const row = await repo.findPhone(ctx.db, input.userId);
  return row?.phone_number && row.phone_verified_number === row.phone_number ? row.phone_number : null;
}

/** What the settings screen shows about SMS: configured here, number verified, a code waiting. */
export async function smsStatus({
  ctx,
  input,
}: {
  ctx: BaseContext;
  /** `operator`: the viewer is an operator, told which setting is missing. */
  input: { userId: number; operator: boolean };
}): Promise<SmsStatus> {
  const [phone, pending] = await Promise.all([
    repo.findPhone(ctx.db, input.userId),
    repo.findVerification(ctx.db, input.userId),
  ]);
  const waiting =
    pending &&
    phone?.phone_number === pending.phone_number &&
    pending.expires_at.getTime() > Date.now() &&
    pending.attempts < PHONE_CODE_MAX_ATTEMPTS;
  return {
    configured: ctx.config.twilio !== undefined,
    setup_notice: ctx.config.twilio ? null : setupNotice('sms', input.operator),
    is_verified: !!phone?.phone_number && phone.phone_verified_number === phone.phone_number,
    code_expires_at: waiting ? pending.expires_at.toISOString() : null,
  };
}

/** POST users/phone/code: texts a fresh code to the user's stored number (through Twilio). */
export async function sendPhoneCode({
  ctx,
  input,
}: {
  ctx: SessionContext;
  input: { secret: string };
}): Promise<{ success: true; message: string; data: SmsStatus }> {
  const userId = ctx.user.userId;
  if (!ctx.config.twilio) {
    throw new AppError('not_configured', PHONE_MESSAGES.notConfigured, SETUP_NOTICES.sms.customer);
  }
  const phone = await repo.findPhone(ctx.db, userId);
  const number = phone?.phone_number?.trim();
  if (!number) throw new AppError('bad_request', PHONE_MESSAGES.noPhone);
  if (!isE164(number)) throw new AppError('bad_request', PHONE_MESSAGES.invalidPhone);
  if (phone?.phone_verified_number === number) {
    return {
      success: true,
      message: PHONE_MESSAGES.alreadyVerified,
      data: await smsStatus({ ctx, input: { userId, operator: ctx.user.isOperator } }),
    };
  }
  const now = new Date();
  const previous = await repo.findVerification(ctx.db, userId);
  if (previous && now.getTime() - previous.sent_at.getTime() < PHONE_CODE_RESEND_SECONDS * 1000) {
    throw new AppError('rate_limited', PHONE_MESSAGES.tooSoon);
  }
  if (
    previous &&
    now.getTime() - previous.sends_since.getTime() < DAY_MS &&
    previous.sends >= PHONE_CODES_PER_DAY
  ) {
    throw new AppError('rate_limited', PHONE_MESSAGES.tooMany);
  }
  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
  try {
    await sendSms(ctx.config, number, PHONE_MESSAGES.codeText(code));
  } catch (error) {
    ctx.log.warn({ err: error, twilioCode: twilioErrorCode(error) }, 'verification code not texted');
    throw new AppError('bad_request', PHONE_MESSAGES.sendFailed);
  }
  await repo.saveVerification(ctx.db, {
    userId,
    phone: number,
    codeHash: hashCode(input.secret, userId, number, code),
    expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MINUTES * 60_000),
    now,
    dayStart: new Date(now.getTime() - DAY_MS),
  });
  return {
    success: true,
    message: PHONE_MESSAGES.sent(maskPhone(number)),
    data: await smsStatus({ ctx, input: { userId, operator: ctx.user.isOperator } }),
  };
}

/** POST users/phone/verify: the right code, in time and within the tries, verifies the number it was sent to. */
export async function confirmPhoneCode({
  ctx,
  input,
}: {
  ctx: SessionContext;
  input: { code: string; secret: string };
}): Promise<{ success: true; message: string; data: SmsStatus }> {
  const userId = ctx.user.userId;
  const code = input.code.replace(/[\s-]/g, '');
  if (!new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(code)) {
    throw new AppError('bad_request', PHONE_MESSAGES.codeFormat);
  }
  const [phone, pending] = await Promise.all([
    repo.findPhone(ctx.db, userId),
    repo.findVerification(ctx.db, userId),
  ]);
  // A code sent to a number the user has since replaced proves nothing about the new one.
  if (!pending || !phone?.phone_number || pending.phone_number !== phone.phone_number) {
    throw new AppError('bad_request', PHONE_MESSAGES.noCode);
  }
  if (pending.expires_at.getTime() <= Date.now()) throw new AppError('bad_request', PHONE_MESSAGES.expired);
  const used = await repo.takeAttempt(ctx.db, userId, PHONE_CODE_MAX_ATTEMPTS);
  if (used === null) throw new AppError('bad_request', PHONE_MESSAGES.wrongCode(0));
  const expected = Buffer.from(pending.code_hash, 'hex');
  const given = Buffer.from(hashCode(input.secret, userId, pending.phone_number, code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError('bad_request', PHONE_MESSAGES.wrongCode(PHONE_CODE_MAX_ATTEMPTS - used));
  }
  const verified = await ctx.db.transaction((tx) => repo.markVerified(tx, userId, pending.phone_number));
  if (!verified) throw new AppError('bad_request', PHONE_MESSAGES.noCode);
  return {
    success: true,
    message: PHONE_MESSAGES.verified,
    data: await smsStatus({ ctx, input: { userId, operator: ctx.user.isOperator } }),
  };
}

/** Whether a member's number is verified, so an SMS may go to it. */
export async function phoneIsVerified({
  ctx,
  input,
}: {
  ctx: DbContext;
  input: { userId: number };
}): Promise<boolean> {
  return repo.phoneIsVerified(ctx.db, input.userId);
}

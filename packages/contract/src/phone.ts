import { z } from 'zod';
import { defineRoute } from './route';
import { SETUP_NOTICES } from './setup';

/** Phone verification for SMS alerts (issue 13 item 4): a code texted to the number, confirmed in settings. */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MINUTES = 10;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/** A new code at most this often, so nobody can text-bomb a number through us. */
export const PHONE_CODE_RESEND_SECONDS = 30;
export const PHONE_CODES_PER_DAY = 10;

export const PHONE_MESSAGES = {
  sent: (phone: string) =>
    `We texted a ${PHONE_CODE_LENGTH}-digit code to ${phone}. It expires in ${PHONE_CODE_TTL_MINUTES} minutes.`,
  verified: 'Your phone number is verified. SMS alerts will reach it.',
  noPhone: 'Please add your phone number to turn on SMS alerts.',
  invalidPhone: 'Please enter a valid phone number with its country code, e.g. +14155550123.',
  alreadyVerified: 'This phone number is already verified.',
  codeFormat: `Please enter the ${PHONE_CODE_LENGTH}-digit code we texted you.`,
  wrongCode: (left: number) =>
    left > 0
      ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
      : 'That code is not right, and it was the last try. Please ask for a new code.',
  noCode: 'There is no code waiting for this number. Please ask for a new code.',
  expired: 'That code has expired. Please ask for a new code.',
  tooSoon: `Please wait ${PHONE_CODE_RESEND_SECONDS} seconds before asking for another code.`,
  tooMany: 'Too many codes were sent to this number today. Please try again tomorrow.',
  /** An operator's reading; customers get SETUP_NOTICES.sms.customer. */
  notConfigured: SETUP_NOTICES.sms.operator,
  sendFailed: 'The code could not be texted to this number. Please check it and try again.',
  codeText: (code: string) =>
    `Your Tidemark verification code is ${code}. It expires in ${PHONE_CODE_TTL_MINUTES} minutes.`,
} as const;

/** Whether SMS can be sent here, and where the user's number stands. */
export const SmsStatusSchema = z.object({
  configured: z.boolean(),
  /** When not configured: what this viewer is told (a customer what to do, an operator the setting). */
  setup_notice: z.string().nullable().optional(),
  is_verified: z.boolean(),
  /** When the code waiting to be confirmed expires; null when none is waiting. */
  code_expires_at: z.string().nullable(),
});
export type SmsStatus = z.infer<typeof SmsStatusSchema>;

export const PhoneCodeBodySchema = z.object({ code: z.string().max(32) }).meta({ id: 'PhoneCodeConfirm' });

export const PhoneAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: SmsStatusSchema,
});

/** The signed-in user's own number only: nobody can send codes to or verify someone else's. */
export const phoneRoutes = {
  sendPhoneCode: defineRoute({
    method: 'POST',
    path: '/v1/users/phone/code',
    access: 'session',
    summary: "Text a verification code to the signed-in user's stored phone number",
    tags: ['users'],
    response: PhoneAnswerSchema,
  }),
  confirmPhoneCode: defineRoute({
    method: 'POST',
    path: '/v1/users/phone/verify',
    access: 'session',
    summary: "Confirm the texted code: the user's phone number becomes verified for SMS alerts",
    tags: ['users'],
    body: PhoneCodeBodySchema,
    response: PhoneAnswerSchema,
  }),
} as const;

export { phoneRoutes } from './phone.routes';
export { maskPhone, smsStatus, verifiedPhone } from './phone.service';
export { sendSms, SmsNotConfiguredError, twilioErrorCode } from './twilio-client';
export { alertSmsText } from './sms-text';
// For the SMS channel's reachability check, asked with the pipeline's own transaction.
export { phoneIsVerified } from './phone.repository';

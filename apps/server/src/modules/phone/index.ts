export { phoneRoutes } from './phone.routes';
export { maskPhone, phoneIsVerified, smsStatus, verifiedPhone } from './phone.service';
export { sendSms, SmsNotConfiguredError, twilioErrorCode } from './twilio-client';
export { alertSmsText } from './sms-text';

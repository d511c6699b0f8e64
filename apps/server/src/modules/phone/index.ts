export { phoneRoutes } from './phone.routes';
export { maskPhone, smsStatus, verifiedPhone } from './phone.service';
export { sendSms, SmsNotConfiguredError, twilioErrorCode } from './twilio-client';

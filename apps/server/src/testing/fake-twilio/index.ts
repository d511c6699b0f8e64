export { startFakeTwilio, type FakeTwilio, type FakeTwilioMessage } from './fake-twilio';

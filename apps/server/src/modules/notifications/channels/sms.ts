import type { BaseContext } from '../../../plugins/context';
import { alertSmsText, phoneIsVerified, sendSms, twilioErrorCode, verifiedPhone } from '../../phone';
import { PermanentSendError, registerChannelSender, type ChannelSender, type Notification } from '../channel';

// Twilio's answers for a number that cannot take this message (invalid, landline, opted out, blocked).
const UNREACHABLE = new Set([21211, 21408, 21610, 21612, 21614, 30003, 30004, 30005, 30006]);

/** SMS through Twilio: one short line with a link, only to a number the member confirmed with a code. */
export const smsSender: ChannelSender = {
  channel: 'sms',
  isConfigured: (config) => config.twilio !== undefined,
  canReach: (db, input) => phoneIsVerified({ ctx: { db }, input: { userId: input.userId } }),
  async send(ctx: BaseContext, n: Notification) {
    if (n.kind !== 'insight_group' && n.kind !== 'event_group') {
      throw new PermanentSendError('SMS carries alerts only; reports go by e-mail.');
    }
    const to = await verifiedPhone({ ctx, input: { userId: n.user_id } });
    if (!to)
      throw new PermanentSendError(
        'The phone number is not verified; SMS alerts go only to verified numbers.',
      );
    try {
      const sid = await sendSms(ctx.config, to, alertSmsText(n));
      return { providerMessageId: sid };
    } catch (error) {
      const code = twilioErrorCode(error);
      if (code !== null && UNREACHABLE.has(code)) {
        throw new PermanentSendError(`Twilio refused the number (error ${code}).`);
      }
      throw error;
    }
  },
};

registerChannelSender(smsSender);

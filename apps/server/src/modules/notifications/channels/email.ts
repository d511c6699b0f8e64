import { sessionSecret } from '../../../db/app-settings';
import type { BaseContext } from '../../../plugins/context';
import { PermanentSendError, registerChannelSender, type ChannelSender, type Notification } from '../channel';
import type { AlertDetails, DigestDetails, NotificationContent } from '../content';
import { renderAlertEmail, renderDigestEmail, type RenderedEmail } from '../email-render';
import { userEmail } from '../notifications.repository';
import { unsubscribeToken, type UnsubscribeType } from '../unsubscribe-token';

/** The address a message for this row goes to, and how it reads: the one place e-mail is composed. */
export async function composeEmail(ctx: BaseContext, n: Notification): Promise<RenderedEmail> {
  const secret = await sessionSecret(ctx.db, ctx.config.sessionSecret);
  const type: UnsubscribeType = n.kind === 'insight_group' || n.kind === 'event_group' ? 'alerts' : n.kind;
  const token = unsubscribeToken(secret, {
    tenantId: n.tenant_id,
    userId: n.user_id,
    channel: 'email',
    type,
  });
  const urls = {
    unsubscribe: `${ctx.config.publicUrl}/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
    settings: `${ctx.config.publicUrl}/preferences?tab=notifications&sub_tab=${type === 'alerts' ? 'event-alerts' : 'schedule'}`,
  };
  const { currency_symbol, ...rest } = n.details as unknown as (AlertDetails | DigestDetails) & {
    currency_symbol?: string;
  };
  const details = rest as AlertDetails | DigestDetails;
  const content: NotificationContent = {
    title: n.title,
    summary: n.summary,
    severity: n.severity,
    expected: n.expected,
    actual: n.actual,
    dollar_impact: n.dollar_impact,
    currency: n.currency,
    currency_symbol: currency_symbol ?? n.currency,
    app_url: n.app_url,
    details,
  };
  return details.type === 'alert'
    ? renderAlertEmail(n, content, details, urls)
    : renderDigestEmail(n, content, details, urls);
}

export const emailSender: ChannelSender = {
  channel: 'email',
  // SMTP when SMTP_URL is set; the local outbox otherwise (never in production, where the mailer refuses).
  isConfigured: () => true,
  async send(ctx, n) {
    const email = await userEmail(ctx.db, n.user_id);
    if (!email) throw new PermanentSendError('The recipient no longer exists.');
    const mail = await composeEmail(ctx, n);
    const unsubscribe = mail.links[mail.links.length - 1]!;
    const host = new URL(ctx.config.publicUrl).hostname || 'tidemark.local';
    const sent = await ctx.mailer.send({
      to: email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      links: mail.links,
      // RFC 8058: mail clients show their own Unsubscribe button and POST to the link.
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      // The same id on every attempt: a retry after an unclear failure shows once in the inbox.
      messageId: `<notification-${n.id}@${host}>`,
      inlineImages: mail.images,
    });
    return { providerMessageId: sent.messageId };
  },
};

registerChannelSender(emailSender);

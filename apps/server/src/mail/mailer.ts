import nodemailer from 'nodemailer';
import { insertOutboxMessage } from './outbox.repository';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Links the message carries; the local outbox lists them so a developer can follow one. */
  links: string[];
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** A fixed Message-ID (`<id@host>`): a retried send carries the same one, so mail clients show it once. */
  messageId?: string;
  /** Images the HTML shows by `cid:` (kept inline, not offered as downloads). */
  inlineImages?: { cid: string; filename: string; content: Buffer; contentType: string }[];
}

export interface MailSent {
  /** The Message-ID the message went out with, when known. */
  messageId: string | null;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<MailSent>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(m) {
      const info = await transport.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
        ...(m.headers ? { headers: m.headers } : {}),
        ...(m.messageId ? { messageId: m.messageId } : {}),
        ...(m.inlineImages
          ? {
              attachments: m.inlineImages.map((a) => ({
                cid: a.cid,
                filename: a.filename,
                content: a.content,
                contentType: a.contentType,
                contentDisposition: 'inline' as const,
              })),
            }
          : {}),
      });
      return { messageId: typeof info.messageId === 'string' ? info.messageId : (m.messageId ?? null) };
    },
  };
}

/**
 * Without SMTP, mail lands in a table (readable at /v1/dev/outbox from this machine), so sign-in still works
 * locally. Links go to the log only when it is the readable one on a terminal: JSON logs are shipped elsewhere,
 * and a sign-in link in them would let whoever reads the logs sign in.
 */
export function createOutboxMailer(db: Db, log: FastifyBaseLogger, options: { printLinks: boolean }): Mailer {
  return {
    kind: 'outbox',
    async send(m) {
      // Inline images become data: URLs, so the outbox page shows the message as a mail client would.
      let html = m.html ?? null;
      for (const img of m.inlineImages ?? []) {
        html =
          html
            ?.split(`cid:${img.cid}`)
            .join(`data:${img.contentType};base64,${img.content.toString('base64')}`) ?? null;
      }
      const messageId = await insertOutboxMessage(db, { ...m, html });
      if (options.printLinks) {
        log.info(`Outbox: "${m.subject}" to ${m.to} ${m.links.join(' ')}`);
      } else {
        log.info({ to: m.to, subject: m.subject }, 'Outbox: e-mail kept locally (read it at /v1/dev/outbox)');
      }
      return { messageId: m.messageId ?? `<outbox-${messageId}@tidemark.local>` };
    },
  };
}

import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Links the message carries; the local outbox lists them so a developer can follow one. */
  links: string[];
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(m) {
      await transport.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
      });
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
      await db.query(
        'insert into dev_outbox (recipient, subject, body_text, links) values ($1, $2, $3, $4)',
        [m.to, m.subject, m.text, JSON.stringify(m.links)],
      );
      if (options.printLinks) {
        log.info(`Outbox: "${m.subject}" to ${m.to} ${m.links.join(' ')}`);
      } else {
        log.info({ to: m.to, subject: m.subject }, 'Outbox: e-mail kept locally (read it at /v1/dev/outbox)');
      }
    },
  };
}

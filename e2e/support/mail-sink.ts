import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Headers as sent (name lower-cased, value unfolded). */
  headers: Record<string, string>;
  /** Attached and inline parts (inline images carry the cid the HTML shows them by). */
  attachments: { cid: string | null; contentType: string; content: Buffer }[];
}

export interface MailSink {
  url: string;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback: the production build sends to it as it would to any mail provider
 * (production has no local outbox), and tests read the delivered messages.
 */
export async function startMailSink(): Promise<MailSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            headers: Object.fromEntries(
              mail.headerLines.map((h) => [
                h.key,
                h.line
                  .slice(h.line.indexOf(':') + 1)
                  .replace(/\r?\n\s+/g, ' ')
                  .trim(),
              ]),
            ),
            attachments: mail.attachments.map((a) => ({
              cid: a.cid ?? null,
              contentType: a.contentType,
              content: a.content,
            })),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

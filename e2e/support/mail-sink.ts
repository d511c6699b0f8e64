import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
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
export async function startMailSink(options: { spoolDir?: string } = {}): Promise<MailSink> {
  const messages: ReceivedMail[] = [];
  const { spoolDir } = options;
  if (spoolDir) mkdirSync(spoolDir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const received: ReceivedMail = {
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
          };
          messages.push(received);
          if (spoolDir) spool(spoolDir, messages.length, received);
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

/** The shared server's sink runs in the run's main process: each message also goes to a file test files read. */
function spool(dir: string, seq: number, mail: ReceivedMail): void {
  const attachments = mail.attachments.map((a) => ({ ...a, content: a.content.toString('base64') }));
  const file = path.join(dir, `${String(seq).padStart(6, '0')}.json`);
  // Written whole, then renamed: a reader never sees half a message.
  writeFileSync(`${file}.part`, JSON.stringify({ ...mail, attachments }));
  renameSync(`${file}.part`, file);
}

/** The messages a sink in another process spooled to `dir`, in the order they arrived, read afresh each time. */
export function spooledMail(dir: string): MailSink {
  return {
    url: '',
    get messages(): ReceivedMail[] {
      return readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => {
          const raw = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Omit<
            ReceivedMail,
            'attachments'
          > & {
            attachments: { cid: string | null; contentType: string; content: string }[];
          };
          return {
            ...raw,
            attachments: raw.attachments.map((a) => ({ ...a, content: Buffer.from(a.content, 'base64') })),
          };
        });
    },
    close: async () => undefined,
  };
}

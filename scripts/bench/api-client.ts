import { createReadStream, statSync } from 'node:fs';
import { request } from 'node:http';
import type { MailSink } from '../../e2e/support/mail-sink';
import { multipartFraming } from './multipart';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what} answered ${status}: ${body.slice(0, 500)}`);
  }
}

/** A signed-in session on the product's HTTP API: its cookies, and the CSRF token every change sends. */
export interface ApiClient {
  url: string;
  /** The session's cookie header, for load generators that send their own requests. */
  cookie: string;
  get<T>(path: string, query?: Record<string, string>): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T>;
  /** Streams a file from disk as multipart/form-data with a known length; resolves with the JSON answer. */
  upload<T>(
    path: string,
    input: { fields: Record<string, string>; fileField: string; file: string; filename: string },
  ): Promise<T>;
}

async function signInLink(mail: MailSink, email: string): Promise<string> {
  for (let i = 0; i < 80; i++) {
    const message = mail.messages.findLast((m) => m.to.includes(email));
    const link = message?.text.match(/https?:\/\/\S+\/v1\/auth\/magic-login\/callback\?token=[\w-]+/)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no sign-in e-mail to ${email} reached the mail sink`);
}

/** Signs in as a new user would (magic link by e-mail), which also gives the user their workspace. */
export async function signIn(url: string, mail: MailSink, email: string): Promise<ApiClient> {
  const asked = await fetch(`${url}/v1/auth/magic-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ destination: email }),
  });
  if (!asked.ok) throw new ApiError(asked.status, await asked.text(), 'POST /v1/auth/magic-login');
  const callback = await fetch(await signInLink(mail, email.toLowerCase()), { redirect: 'manual' });
  const cookies = callback.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith('tm_csrf='))?.slice('tm_csrf='.length);
  if (!csrf) throw new Error('no session after following the sign-in link');
  return apiClient(url, cookies.join('; '), csrf);
}

export function apiClient(url: string, cookie: string, csrf: string): ApiClient {
  const read = async <T>(res: Response, what: string): Promise<T> => {
    const text = await res.text();
    if (!res.ok) throw new ApiError(res.status, text, what);
    return (text ? JSON.parse(text) : null) as T;
  };
  return {
    url,
    cookie,
    async get(path, query) {
      const qs = query ? `?${new URLSearchParams(query).toString()}` : '';
      return read(await fetch(`${url}${path}${qs}`, { headers: { cookie } }), `GET ${path}`);
    },
    async send(method, path, body) {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: {
          cookie,
          'x-csrf-token': csrf,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return read(res, `${method} ${path}`);
    },
    upload(path, input) {
      const framing = multipartFraming({
        fields: input.fields,
        fileField: input.fileField,
        filename: input.filename,
      });
      const size = statSync(input.file).size;
      return new Promise((resolve, reject) => {
        const req = request(
          `${url}${path}`,
          {
            method: 'POST',
            headers: {
              cookie,
              'x-csrf-token': csrf,
              'content-type': framing.contentType,
              'content-length': String(framing.contentLength(size)),
            },
          },
          (res) => {
            const parts: Buffer[] = [];
            res.on('data', (d: Buffer) => parts.push(d));
            res.on('error', reject);
            res.on('end', () => {
              const text = Buffer.concat(parts).toString('utf8');
              if ((res.statusCode ?? 500) >= 400)
                reject(new ApiError(res.statusCode ?? 500, text, `POST ${path}`));
              else resolve(JSON.parse(text));
            });
          },
        );
        req.on('error', reject);
        req.write(framing.head);
        const file = createReadStream(input.file, { highWaterMark: 1 << 20 });
        file.on('error', (error) => req.destroy(error));
        file.on('end', () => req.end(framing.tail));
        file.pipe(req, { end: false });
      });
    },
  };
}

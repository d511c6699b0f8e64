import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, sendJson } from '../fake-shopify/http';

export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
}

export interface FakeTwilio {
  /** Base URL standing in for https://api.twilio.com. */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  messages: FakeTwilioMessage[];
  /** Numbers Twilio refuses as recipients (error 21211, as for an unreachable or invalid number). */
  refused: Set<string>;
  /** Answers every request with 503 while set, as when Twilio is down. */
  down: boolean;
  close(): Promise<void>;
}

/**
 * A local server answering like Twilio's Messages API (`POST /2010-04-01/Accounts/{sid}/Messages.json`, form
 * encoded, HTTP basic auth with the account SID and auth token), enough for the official `twilio` client.
 */
export async function startFakeTwilio(
  options: { accountSid?: string; authToken?: string } = {},
): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? `AC${'0'.repeat(31)}1`;
  const authToken = options.authToken ?? 'fake-twilio-auth-token';
  let counter = 0;
  const state = { messages: [] as FakeTwilioMessage[], refused: new Set<string>(), down: false };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      if (state.down) return sendJson(res, 503, { code: 20500, message: 'Service unavailable', status: 503 });
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        return sendJson(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
      }
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'POST' || path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
        return sendJson(res, 404, {
          code: 20404,
          message: 'The requested resource was not found',
          status: 404,
        });
      }
      const form = new URLSearchParams(raw);
      const to = form.get('To') ?? '';
      const from = form.get('From') ?? '';
      const body = form.get('Body') ?? '';
      if (!to || !/^\+[1-9]\d{7,14}$/.test(to) || state.refused.has(to)) {
        return sendJson(res, 400, {
          code: 21211,
          message: `Invalid 'To' Phone Number: ${to}`,
          more_info: 'https://www.twilio.com/docs/errors/21211',
          status: 400,
        });
      }
      if (!body)
        return sendJson(res, 400, { code: 21602, message: 'Message body is required.', status: 400 });
      const sid = `SM${String(++counter).padStart(32, '0')}`;
      state.messages.push({ sid, to, from, body });
      const now = new Date().toUTCString();
      sendJson(res, 201, {
        account_sid: accountSid,
        api_version: '2010-04-01',
        body,
        date_created: now,
        date_updated: now,
        date_sent: null,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from,
        messaging_service_sid: null,
        num_media: '0',
        num_segments: String(Math.ceil(body.length / 160)),
        price: null,
        price_unit: 'USD',
        sid,
        status: 'queued',
        to,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      });
    })().catch((error: unknown) => sendJson(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    apiUrl: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    get messages() {
      return state.messages;
    },
    get refused() {
      return state.refused;
    },
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

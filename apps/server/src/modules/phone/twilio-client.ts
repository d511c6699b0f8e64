import twilio from 'twilio';
import type TwilioRequestClient from 'twilio/lib/base/RequestClient';
import type { Config } from '../../config/env';

type TwilioConfig = NonNullable<Config['twilio']>;

const TWILIO_API = 'https://api.twilio.com';

/**
 * The official client's own HTTP client, with Twilio's API host replaced by TWILIO_API_URL (tests only: a local
 * server answering like Twilio). Everything else (auth, form encoding, errors) stays the library's.
 */
class LocalTwilioRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super({ timeout: 20_000 });
  }
  override request<TData>(opts: TwilioRequestClient.RequestOptions<TData>) {
    const uri = opts.uri.startsWith(TWILIO_API) ? this.base + opts.uri.slice(TWILIO_API.length) : opts.uri;
    return super.request<TData>({ ...opts, uri });
  }
}

const clients = new WeakMap<TwilioConfig, twilio.Twilio>();

/** The official Twilio client for the configured account, one per configuration; undefined without one. */
export function twilioFor(config: Config): twilio.Twilio | undefined {
  const settings = config.twilio;
  if (!settings) return undefined;
  let client = clients.get(settings);
  if (!client) {
    client = twilio(settings.accountSid, settings.authToken, {
      autoRetry: false,
      ...(settings.apiUrl
        ? { httpClient: new LocalTwilioRequestClient(settings.apiUrl.replace(/\/+$/, '')) }
        : {}),
    });
    clients.set(settings, client);
  }
  return client;
}

export class SmsNotConfiguredError extends Error {
  constructor() {
    super('SMS is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)');
  }
}

/** Texts one message from TWILIO_FROM; answers Twilio's message SID. Twilio's errors are thrown as they come. */
export async function sendSms(config: Config, to: string, body: string): Promise<string> {
  const client = twilioFor(config);
  if (!client || !config.twilio) throw new SmsNotConfiguredError();
  const message = await client.messages.create({ to, from: config.twilio.from, body });
  return message.sid;
}

/** Twilio's error code of a failed call (21211 invalid number, 21610 opted out…), when it is one of Twilio's. */
export function twilioErrorCode(error: unknown): number | null {
  if (error instanceof twilio.RestException) return error.code ?? null;
  return null;
}

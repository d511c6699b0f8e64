import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from './http';

/** The callback signature: HMAC-SHA256 over the sorted query without `hmac`, `&` and `%` escaped, hex. */
function signCallback(params: Record<string, string>, secret: string): string {
  const escape = (s: string) => s.replace(/%/g, '%25').replace(/&/g, '%26');
  const message = Object.keys(params)
    .sort()
    .map((k) => `${k}=${escape(params[k] ?? '')}`)
    .join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** The shop's side of the authorization code grant: the consent redirect and the code exchange. */
export class OAuthEndpoints {
  private readonly codes = new Map<string, string>();

  constructor(
    private readonly app: {
      shopDomain: string;
      apiKey: string;
      apiSecret: string;
      accessToken: string;
      scopes: () => string;
    },
  ) {}

  issueCode(scope: string): string {
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, scope);
    return code;
  }

  /** The merchant approves at once: redirect to the app's callback with a signed code. */
  authorize(url: URL, res: ServerResponse): void {
    const redirectUri = url.searchParams.get('redirect_uri');
    if (url.searchParams.get('client_id') !== this.app.apiKey || !redirectUri || !URL.canParse(redirectUri)) {
      res.writeHead(400, { 'Content-Type': 'text/plain' });
      res.end('Oauth error invalid_request: The client_id or redirect_uri is invalid');
      return;
    }
    const { shopDomain } = this.app;
    const params: Record<string, string> = {
      code: this.issueCode(url.searchParams.get('scope') ?? this.app.scopes()),
      host: Buffer.from(`admin.shopify.com/store/${shopDomain.split('.')[0]}`).toString('base64url'),
      shop: shopDomain,
      state: url.searchParams.get('state') ?? '',
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    const callback = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) callback.searchParams.set(k, v);
    callback.searchParams.set('hmac', signCallback(params, this.app.apiSecret));
    res.writeHead(302, { Location: callback.toString() });
    res.end();
  }

  /** Trades a code, once, for the shop's token. */
  async accessToken(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    let form: Record<string, unknown>;
    try {
      form = (req.headers['content-type'] ?? '').includes('json')
        ? (JSON.parse(text) as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(text));
    } catch {
      form = {};
    }
    if (form['client_id'] !== this.app.apiKey || form['client_secret'] !== this.app.apiSecret) {
      sendJson(res, 400, { error: 'invalid_client', error_description: 'Client credentials are invalid' });
      return;
    }
    const code = typeof form['code'] === 'string' ? form['code'] : '';
    const scope = this.codes.get(code);
    if (scope === undefined) {
      sendJson(res, 400, {
        error: 'invalid_request',
        error_description: 'The authorization code was not found or was already used',
      });
      return;
    }
    this.codes.delete(code);
    sendJson(res, 200, { access_token: this.app.accessToken, scope });
  }
}

import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeShopify, type FakeShopify } from '../../../../testing/fake-shopify';
import {
  buildInstallUrl,
  createShopifyConnector,
  exchangeCode,
  ShopifyOAuthError,
  verifyCallback,
} from './index';

/** The worked example from Shopify's OAuth documentation: secret 'hush' signs these four parameters. */
const DOCUMENTED = {
  code: '0907a61c0c8d55e99db179b68161bc00',
  hmac: '700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf',
  shop: 'some-shop.myshopify.com',
  state: '0.6784241404160823',
  timestamp: '1337178173',
};

const sign = (message: string, secret = 'hush') => createHmac('sha256', secret).update(message).digest('hex');

function oauthError(run: () => unknown): ShopifyOAuthError {
  try {
    run();
  } catch (error) {
    if (error instanceof ShopifyOAuthError) return error;
    throw error;
  }
  throw new Error('expected a ShopifyOAuthError');
}

async function oauthRejection(promise: Promise<unknown>): Promise<ShopifyOAuthError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ShopifyOAuthError) return error;
    throw error;
  }
  throw new Error('expected a ShopifyOAuthError');
}

describe('Shopify OAuth install', () => {
  let fake: FakeShopify;
  beforeAll(async () => {
    fake = await startFakeShopify({ apiKey: 'tidemark-key', apiSecret: 'tidemark-secret' });
  });
  afterAll(() => fake.stop());

  describe('buildInstallUrl', () => {
    const input = {
      shop: 'demo-shop.myshopify.com',
      apiKey: 'tidemark-key',
      scopes: ['read_orders', 'read_customers', 'read_products'],
      redirectUri: 'https://app.tidemark.test/v1/connections/shopify/callback',
      state: 'nonce-123',
    };

    it("sends the merchant to the shop's consent screen with the app, scopes, callback and state", () => {
      const url = new URL(buildInstallUrl(input));
      expect(url.origin + url.pathname).toBe('https://demo-shop.myshopify.com/admin/oauth/authorize');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        client_id: 'tidemark-key',
        scope: 'read_orders,read_customers,read_products',
        redirect_uri: input.redirectUri,
        state: 'nonce-123',
      });
    });

    it('asks for a per-user token only when told to', () => {
      const url = new URL(buildInstallUrl({ ...input, perUser: true }));
      expect(url.searchParams.getAll('grant_options[]')).toEqual(['per-user']);
    });

    it('normalises a pasted shop address', () => {
      const url = new URL(buildInstallUrl({ ...input, shop: ' https://Demo-Shop.myshopify.com/ ' }));
      expect(url.host).toBe('demo-shop.myshopify.com');
    });

    it.each([
      'demo-shop.com',
      'demo-shop.myshopify.com.evil.test',
      'evil.test/.myshopify.com',
      'demo_shop.myshopify.com',
      '',
    ])('refuses %j as a shop', (shop) => {
      expect(oauthError(() => buildInstallUrl({ ...input, shop })).code).toBe('invalid_shop');
    });

    it('refuses a relative callback URL', () => {
      expect(oauthError(() => buildInstallUrl({ ...input, redirectUri: '/callback' })).code).toBe(
        'invalid_redirect_uri',
      );
    });
  });

  describe('verifyCallback', () => {
    it("accepts the signature from Shopify's documented example", () => {
      expect(verifyCallback(DOCUMENTED, 'hush', { state: DOCUMENTED.state })).toEqual({
        shop: 'some-shop.myshopify.com',
        code: DOCUMENTED.code,
        host: null,
        timestamp: 1337178173,
      });
    });

    it('accepts the raw query string as well as a parsed one', () => {
      const raw = `?${new URLSearchParams(DOCUMENTED).toString()}`;
      expect(verifyCallback(raw, 'hush', { state: DOCUMENTED.state }).code).toBe(DOCUMENTED.code);
    });

    it.each([
      ['a changed shop', { shop: 'other-shop.myshopify.com' }],
      ['a changed code', { code: 'ffffa61c0c8d55e99db179b68161bc00' }],
      ['an added parameter', { extra: '1' }],
      ['a truncated signature', { hmac: DOCUMENTED.hmac.slice(0, 40) }],
      ['a signature that is not hex', { hmac: 'z'.repeat(64) }],
    ])('rejects %s', (_case, change) => {
      const error = oauthError(() =>
        verifyCallback({ ...DOCUMENTED, ...change }, 'hush', { state: DOCUMENTED.state }),
      );
      expect(error.code).toBe('invalid_hmac');
    });

    it('rejects the right query signed with another secret', () => {
      expect(oauthError(() => verifyCallback(DOCUMENTED, 'not-hush', { state: DOCUMENTED.state })).code).toBe(
        'invalid_hmac',
      );
    });

    it('rejects a callback without a signature', () => {
      const { hmac: _hmac, ...unsigned } = DOCUMENTED;
      expect(oauthError(() => verifyCallback(unsigned, 'hush', { state: DOCUMENTED.state })).code).toBe(
        'missing_hmac',
      );
    });

    it('rejects a validly signed callback for another install', () => {
      expect(oauthError(() => verifyCallback(DOCUMENTED, 'hush', { state: 'my-own-nonce' })).code).toBe(
        'state_mismatch',
      );
    });

    it('rejects a validly signed callback naming a host outside myshopify.com', () => {
      const query = { code: 'abc', shop: 'evil.test', state: 's', timestamp: '1700000000' };
      const hmac = sign('code=abc&shop=evil.test&state=s&timestamp=1700000000');
      expect(oauthError(() => verifyCallback({ ...query, hmac }, 'hush', { state: 's' })).code).toBe(
        'invalid_shop',
      );
    });

    it('rejects a callback older than the allowed age', () => {
      const now = new Date((1337178173 + 301) * 1000);
      const error = oauthError(() =>
        verifyCallback(DOCUMENTED, 'hush', { state: DOCUMENTED.state, maxAgeSeconds: 300, now }),
      );
      expect(error.code).toBe('expired');
    });

    it("signs repeated ids[] parameters in Shopify's list form and escapes & and %", () => {
      const query = {
        'ids[]': ['1', '2'],
        note: 'a&b%c',
        shop: 'demo-shop.myshopify.com',
        state: 's',
        code: 'c',
        timestamp: '1',
      };
      const hmac = sign(
        'code=c&ids=["1", "2"]&note=a%26b%25c&shop=demo-shop.myshopify.com&state=s&timestamp=1',
      );
      expect(verifyCallback({ ...query, hmac }, 'hush', { state: 's' }).shop).toBe('demo-shop.myshopify.com');
    });
  });

  describe('exchangeCode', () => {
    const credentials = () => ({
      shop: fake.shopDomain,
      apiKey: fake.apiKey,
      apiSecret: fake.apiSecret,
      endpoint: fake.url,
    });

    it('trades a code for the offline token and the granted scopes', async () => {
      const code = fake.issueAuthorizationCode('read_orders,read_products');
      await expect(exchangeCode({ ...credentials(), code })).resolves.toEqual({
        accessToken: fake.accessToken,
        scope: 'read_orders,read_products',
      });
    });

    it("refuses a code used twice with Shopify's reason", async () => {
      const code = fake.issueAuthorizationCode();
      await exchangeCode({ ...credentials(), code });
      const error = await oauthRejection(exchangeCode({ ...credentials(), code }));
      expect(error.code).toBe('exchange_failed');
      expect(error.message).toBe(
        'Shopify refused the authorization code: The authorization code was not found or was already used',
      );
    });

    it('refuses a wrong app secret', async () => {
      const code = fake.issueAuthorizationCode();
      const error = await oauthRejection(exchangeCode({ ...credentials(), apiSecret: 'wrong', code }));
      expect(error.code).toBe('exchange_failed');
    });

    it('goes from install URL through the signed redirect to a token that reads the shop', async () => {
      const state = 'state-from-the-session';
      const install = buildInstallUrl({
        shop: fake.shopDomain,
        apiKey: fake.apiKey,
        scopes: ['read_orders', 'read_customers', 'read_products'],
        redirectUri: 'https://app.tidemark.test/callback',
        state,
        endpoint: fake.url,
      });
      const consent = await fetch(install, { redirect: 'manual' });
      expect(consent.status).toBe(302);
      const callback = new URL(consent.headers.get('location') ?? '');
      expect(callback.origin + callback.pathname).toBe('https://app.tidemark.test/callback');

      const verified = verifyCallback(callback.search, fake.apiSecret, { state, maxAgeSeconds: 300 });
      expect(verified.shop).toBe(fake.shopDomain);
      const grant = await exchangeCode({ ...credentials(), code: verified.code });
      const connector = createShopifyConnector({
        shopDomain: verified.shop,
        accessToken: grant.accessToken,
        endpoint: fake.url,
      });
      await expect(connector.testConnection()).resolves.toBeUndefined();
    });
  });
});

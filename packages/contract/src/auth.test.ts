import { describe, expect, it } from 'vitest';
import { isReservedEmailDomain, isSafeInternalPath, isValidEmail } from './auth';

describe('auth rules shared by server and web', () => {
  it.each(['/', '/feed', '/events?tab=all&x=%2F%2F', '/groups/1/rootcause#top', '/métriques', '/a/b/c/'])(
    'accepts the internal path %j',
    (path) => expect(isSafeInternalPath(path)).toBe(true),
  );

  it.each([
    '',
    'feed',
    '//evil.example',
    '/\\evil.example',
    '/feed\\x',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil',
    '/x\u0000',
    '/\u00a0/evil',
    '/\u2028',
    '/ /evil',
    'https://evil.example',
    'javascript:alert(1)',
    `/${'a'.repeat(2048)}`,
  ])('refuses the redirect target %j', (path) => expect(isSafeInternalPath(path)).toBe(false));

  it('refuses what is not a string', () => {
    expect(isSafeInternalPath(undefined)).toBe(false);
    expect(isSafeInternalPath(['/feed'])).toBe(false);
  });

  it.each([
    ['founder@acme-goods.com', true],
    ["o'brien@shop.co.uk", true],
    ['<script>@x.com', false],
    ['a@b', false],
    ['x y@z.com', false],
  ])('judges %j as an address: %s', (email, ok) => expect(isValidEmail(email)).toBe(ok));

  it.each([
    ['someone@example.com', true],
    ['someone@mail.example.net', true],
    ['someone@demo-store.example', true],
    ['someone@shop.invalid', true],
    ['someone@acme.localhost', true],
    ['someone@example-goods.com', false],
    ['someone@acme.test', false],
  ])('judges %j reserved: %s', (email, reserved) => expect(isReservedEmailDomain(email)).toBe(reserved));
});

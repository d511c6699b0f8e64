import { describe, expect, it } from 'vitest';
import { cleanFilePath, fingerprintOf, framesOf, pathTemplate } from './fingerprint';
import { BROWSER_ERRORS, type BrowserErrorCase } from './fixtures/browser-errors';
import { parsePayload, type ParsedBatch } from './payload';

const js = (message: string, detail: Record<string, string | number> = {}) =>
  fingerprintOf('js', { message, detail });

describe('event fingerprints', () => {
  it.each([
    [
      'Cannot read properties of undefined (reading "total")',
      "js:cannot read properties of undefined (reading 'total')",
    ],
    ['Order 12345 failed at https://shop.example/x', 'js:order <n> failed at <url>'],
    ['token deadbeefcafe0001 expired', 'js:token <id> expired'],
  ])('normalises "%s" to %s', (message, expected) => {
    expect(js(message)).toBe(expected);
  });

  it('keys a js error on its top in-app frame, without line numbers', () => {
    const at = (line: number) =>
      `TypeError: x is undefined\n    at chrome-extension://abc/inject.js:1:1\n    at payNow (https://shop.example/assets/checkout.3f9a1c2e.js:${line}:7)`;
    const a = js('x is undefined', { name: 'TypeError', stack: at(10) });
    expect(a).toBe(js('x is undefined', { name: 'TypeError', stack: at(99) }));
    expect(a).toBe('js:typeerror: x is undefined payNow@/assets/checkout.<hash>.js');
  });

  it('keys failed requests on method, host, path template and status class', () => {
    const net = (url: string, status: number) =>
      fingerprintOf('network', { message: '', detail: { method: 'POST', url, status } });
    expect(net('https://pay.example/v1/orders/1234/charge', 502)).toBe(
      net('https://pay.example/v1/orders/999/charge', 503),
    );
    expect(net('https://pay.example/v1/orders/1234/charge', 502)).toBe(
      'network:POST pay.example/v1/orders/:id/charge 5xx',
    );
    expect(net('https://pay.example/v1/orders/1/charge', 0)).toContain(' network');
    expect(
      fingerprintOf('asset', { message: '', detail: { asset: 'img', url: 'https://cdn.example/p/1.jpg' } }),
    ).toBe(
      fingerprintOf('asset', { message: '', detail: { asset: 'img', url: 'https://cdn.example/p/2.jpg' } }),
    );
  });

  it.each([
    ['ResizeObserver loop completed with undelivered notifications.', {}, 'noise:resize_observer'],
    ['Script error.', {}, 'noise:cross_origin_script'],
    [
      'boom',
      { stack: 'Error: boom\n    at f (chrome-extension://abcdef/content.js:3:9)' },
      'noise:extension',
    ],
    ['boom', { file: 'moz-extension://x/y.js' }, 'noise:extension'],
  ])('marks known noise "%s"', (message, detail, expected) => {
    expect(js(message, detail)).toBe(expected);
  });

  it('reads V8 and Gecko frames and templates paths', () => {
    expect(framesOf('f@https://a.example/x.js:1:2\n    at g (https://a.example/y.js:3:4)')).toEqual([
      { fn: 'f', url: 'https://a.example/x.js' },
      { fn: 'g', url: 'https://a.example/y.js' },
    ]);
    expect(pathTemplate('/api/users/8c1f2a3b-1111-2222-3333-444455556666/cart')).toBe('/api/users/:id/cart');
  });

  it.each([
    ['at Object.r [as applyCoupon] (https://s.example/a.js:1:2)', 'applyCoupon'],
    ['at new CartDrawer (https://s.example/theme.js:412:38)', 'CartDrawer'],
    ['at async submitDiscount (https://s.example/a.js:1:2)', 'submitDiscount'],
    ['at ProductForm.onSubmitHandler (https://s.example/a.js:1:2)', 'onSubmitHandler'],
    ['at HTMLFormElement.<anonymous> (https://s.example/a.js:1:2)', ''],
    ['at https://s.example/a.js:1:2', ''],
    ['applyCoupon@https://s.example/a.js:1:2345', 'applyCoupon'],
    ['async*init@https://cdn.jsdelivr.net/npm/swiper@11.0.5/swiper-bundle.min.js:13:4', 'init'],
    ['ProductForm/<@https://s.example/a.js:12:55', ''],
    ['global code@https://s.example/a.js:1:1', ''],
    ['@https://s.example/a.js:1:1', ''],
  ])('reads the frame %s as function %j', (line, fn) => {
    expect(framesOf(line)).toEqual([{ fn, url: expect.stringMatching(/^https:\/\//) }]);
  });

  it('skips native frames such as "at async Promise.all (index 0)" and "forEach@[native code]"', () => {
    const stack = [
      'TypeError: boom',
      '    at async Promise.all (index 0)',
      '    at Array.forEach (<anonymous>)',
      'forEach@[native code]',
      '    at async submitDiscount (https://s.example/a.js:1:2)',
    ].join('\n');
    expect(framesOf(stack).map((f) => f.fn)).toEqual(['submitDiscount']);
  });

  it.each([
    ['/assets/checkout.3f9a1c2b7d.min.js', '/assets/checkout.<hash>.min.js'],
    ['/static/js/main.8c2a1b3f.chunk.js', '/static/js/main.<hash>.chunk.js'],
    ['/static/js/vendors~main.3f9a1c2b.chunk.js', '/static/js/vendors~main.<hash>.chunk.js'],
    ['/assets/index-DiwrgTda.js', '/assets/index-<hash>.js'],
    ['/assets/index-B_x9-kLm.js', '/assets/index-<hash>.js'],
    ['/build/_assets/root-5RGX6YJQ.js', '/build/_assets/root-<hash>.js'],
    ['/_next/static/chunks/pages/_app-3f2a9c1e4b5d6f70.js', '/_next/static/chunks/pages/_app-<hash>.js'],
    ['/_next/static/Kq3xWmZpRsTvYbNcAbCdE/pages/cart.js', '/_next/static/:build/pages/cart.js'],
    ['/cdn/shop/t/12/assets/theme.js?v=16829384756', '/cdn/shop/t/:id/assets/theme.js'],
    ['/storefront/1.4.2/app.js', '/storefront/app.js'],
    ['/widgets/v1.2.3/size-guide.js', '/widgets/size-guide.js'],
    ['/npm/lodash@4.17.21/lodash.min.js', '/npm/lodash/lodash.min.js'],
    ['/jquery-3.7.1.min.js', '/jquery.min.js'],
    ['/assets/cart-drawer.js', '/assets/cart-drawer.js'],
    ['/assets/facade.js', '/assets/facade.js'],
    ['/assets/checkout.js', '/assets/checkout.js'],
  ])('cleans the build hash or version out of %s', (path, expected) => {
    expect(cleanFilePath(path)).toBe(expected);
  });

  describe('on stacks from Chrome, Firefox and Safari (fixtures/browser-errors.ts)', () => {
    const NOW = Date.UTC(2026, 10, 25, 12);
    const fingerprint = (name: BrowserErrorCase): string => {
      const batch = parsePayload(
        JSON.stringify({ v: 1, s: 'fixture', e: [{ ...BROWSER_ERRORS[name], t: NOW }] }),
        NOW,
      ) as ParsedBatch;
      expect(batch.events, name).toHaveLength(1);
      return batch.events[0]!.fingerprint!;
    };

    // Each row: one bug, seen in every case named.
    const together: Array<[string, BrowserErrorCase[]]> = [
      [
        'one method across a deploy (new hash, new minified name)',
        ['coupon/chrome/deploy-a', 'coupon/chrome/deploy-b'],
      ],
      [
        'one bug in Chrome, Firefox and Safari',
        ['product-form/chrome', 'product-form/firefox', 'product-form/safari'],
      ],
      [
        'a theme script across a republish (theme id and ?v=)',
        ['product-form/safari', 'product-form/safari/republished'],
      ],
      ['a Vite bundle across a deploy', ['variant-price/chrome/vite-a', 'variant-price/chrome/vite-b']],
      [
        'a CRA chunk across a deploy, and in Safari',
        ['wishlist-grid/chrome/cra-a', 'wishlist-grid/chrome/cra-b', 'wishlist-grid/safari/cra-b'],
      ],
      [
        'Next.js chunks and build id folder across a deploy',
        ['mini-cart/chrome/next-a', 'mini-cart/chrome/next-b'],
      ],
      [
        'one caller of jQuery across jQuery releases',
        ['sticky-header/chrome/jquery-3.7.1', 'sticky-header/chrome/jquery-3.7.0'],
      ],
      ['a library-only bug across its releases', ['swiper/firefox/11.0.5', 'swiper/firefox/11.1.0']],
      [
        'a versioned storefront folder across releases and browsers',
        ['size-guide/safari/1.4.2', 'size-guide/chrome/v1.4.3'],
      ],
      [
        'an inline script on every product page',
        ['inline-gallery/chrome/linen-shirt', 'inline-gallery/chrome/wool-sweater'],
      ],
      ['a missing Vite script across a deploy', ['missing/script/vite-a', 'missing/script/vite-b']],
      [
        'a missing theme stylesheet across a republish',
        ['missing/stylesheet/theme-a', 'missing/stylesheet/theme-b'],
      ],
      ['product images of one image host', ['missing/image/product-48213', 'missing/image/product-99120']],
    ];
    it.each(together)('groups %s together', (_, cases) => {
      const prints = cases.map(fingerprint);
      expect(new Set(prints).size, prints.join('\n')).toBe(1);
    });

    // Each row: two bugs that must not share a group.
    const apart: Array<[string, BrowserErrorCase, BrowserErrorCase]> = [
      ['two methods of one bundle (`[as x]`)', 'coupon/chrome/deploy-b', 'remove-item/chrome/deploy-b'],
      ['two constructors (`new X`)', 'cart-drawer/chrome', 'wishlist-drawer/chrome'],
      ['two properties read in one function', 'variant-price/chrome/vite-a', 'variant-image/chrome/vite-a'],
      [
        'two callers of one library function',
        'sticky-header/chrome/jquery-3.7.1',
        'scroll-to-reviews/chrome/jquery-3.7.1',
      ],
      ["two callers under the collector's fetch wrapper", 'recommendations/chrome', 'reviews/chrome'],
      ['two missing scripts in one folder', 'missing/script/reviews-widget', 'missing/script/size-guide'],
      ['two missing Vite chunks', 'missing/script/vite-a', 'missing/script/vite-vendor'],
      [
        'two missing stylesheets of one theme',
        'missing/stylesheet/theme-b',
        'missing/stylesheet/component-cart',
      ],
    ];
    it.each(apart)('keeps %s apart', (_, a, b) => {
      expect(fingerprint(a)).not.toBe(fingerprint(b));
    });

    it("keys on the site's own frames, not the library or vendor chunk above or below them", () => {
      expect(fingerprint('sticky-header/chrome/jquery-3.7.1')).toBe(
        "js:typeerror: cannot read properties of undefined (reading 'top') initStickyHeader@/js/header.js < @/js/header.js",
      );
      expect(fingerprint('wishlist-grid/chrome/cra-a')).toBe(
        'js:typeerror: <expr>.map is not a function WishlistGrid@/static/js/main.<hash>.chunk.js',
      );
      expect(fingerprint('recommendations/chrome')).toContain(
        'loadRecommendations@/assets/recommendations.<hash>.js',
      );
    });
  });
});

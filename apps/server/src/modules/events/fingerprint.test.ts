import { describe, expect, it } from 'vitest';
import { fingerprintOf, framesOf, pathTemplate } from './fingerprint';

const js = (message: string, detail: Record<string, string | number> = {}) =>
  fingerprintOf('js', { message, detail });

describe('event fingerprints', () => {
  it.each([
    [
      'Cannot read properties of undefined (reading "total")',
      'js:cannot read properties of undefined (reading <str>)',
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
});

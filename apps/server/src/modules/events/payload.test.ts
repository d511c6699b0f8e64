import { describe, expect, it } from 'vitest';
import { parsePayload, type ParsedBatch } from './payload';
import { samplingRates } from './events.service';
import { agentOf, isBot } from './user-agent';

const NOW = Date.UTC(2026, 10, 25, 12);
const parse = (events: unknown[]) =>
  parsePayload(JSON.stringify({ v: 1, s: 'abc', e: events }), NOW) as ParsedBatch;

describe('events payload', () => {
  it('tells network errors from HTTP errors and describes assets', () => {
    const { events } = parse([
      { y: 'net', t: NOW, p: 'https://s.example/c', mt: 'post', u: 'https://api.example/pay?card=1', sc: 0 },
      { y: 'net', t: NOW, p: 'https://s.example/c', u: 'https://api.example/pay', sc: 503, d: 120 },
      { y: 'ast', t: NOW, p: 'https://s.example/c', g: 'image', u: 'https://img.example/a.png?w=1' },
      { y: 'bcn', t: NOW, p: 'https://s.example/c', u: 'https://t.example/hit' },
    ]);
    expect(events.map((e) => [e.subType, e.message, e.detail?.failure ?? e.detail?.asset])).toEqual([
      ['network', 'POST https://api.example/pay network error', 'network'],
      ['network', 'GET https://api.example/pay 503', 'http'],
      ['asset', 'image failed to load: https://img.example/a.png', 'image'],
      ['beacon', 'beacon refused: https://t.example/hit', undefined],
    ]);
  });

  it('drops queries and fragments of URLs inside messages and stacks', () => {
    const { events } = parse([
      {
        y: 'js',
        t: NOW,
        p: 'https://s.example/c?x=1',
        m: 'failed https://api.example/a?token=secret',
        st: 'at f (https://s.example/c?email=a%40b#top:7:70)',
      },
    ]);
    expect(events[0]!.message).toBe('failed https://api.example/a');
    expect(events[0]!.detail?.stack).toBe('at f (https://s.example/c:7:70)');
  });

  it('replaces browser times far from the server clock with the time of receipt', () => {
    const { events } = parse([
      { y: 'pv', t: NOW - 3_600_000, p: 'https://s.example/' },
      { y: 'pv', t: NOW - 3 * 86_400_000, p: 'https://s.example/' },
      { y: 'pv', t: NOW + 3_600_000, p: 'https://s.example/' },
      { y: 'pv', t: 'yesterday', p: 'https://s.example/' },
    ]);
    expect(events.map((e) => e.occurredAt.getTime() - NOW)).toEqual([-3_600_000, 0, 0, 0]);
  });

  it('keeps conversions with a usable value only, and an ISO currency', () => {
    const { events, dropped } = parse([
      { y: 'cv', t: NOW, p: 'https://s.example/thanks', val: 10, cur: 'eur' },
      { y: 'cv', t: NOW, p: 'https://s.example/thanks', val: -1 },
      { y: 'cv', t: NOW, p: 'https://s.example/thanks', val: 5, cur: '<b>' },
    ]);
    expect(events.map((e) => [e.value, e.currency])).toEqual([
      [10, 'EUR'],
      [5, null],
    ]);
    expect(dropped).toBe(1);
  });

  it('maps the sampling preference to the collector rates', () => {
    expect(samplingRates(null)).toEqual({ js: 0.1, net: 0.1, ast: 0.1, bcn: 0.1 });
    expect(samplingRates({ sampling_rate: 7, event_sampling_configuration: 'x' })).toEqual({
      js: 1,
      net: 1,
      ast: 1,
      bcn: 1,
    });
    expect(
      samplingRates({
        event_sampling_configuration: [
          { event_type: 'network_error', sampling_rate: 0.3, enable_sampling: true },
        ],
      }),
    ).toEqual({ js: 0.1, net: 0.3, ast: 0.1, bcn: 0.1 });
  });

  it('reads browsers, systems and devices, and knows bots', () => {
    expect(
      agentOf(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      ),
    ).toEqual({
      browser: 'Chrome',
      os: 'Android',
      device: 'mobile',
    });
    expect(isBot('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)')).toBe(true);
    expect(
      isBot(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36',
      ),
    ).toBe(true);
    expect(
      isBot(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      ),
    ).toBe(false);
  });
});

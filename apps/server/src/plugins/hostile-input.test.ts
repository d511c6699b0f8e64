import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INPUT_MESSAGES, routes, type RouteDef } from '@tidemark/contract';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../testing/build-test-app';

/** Values an attacker or a broken client sends. Each is tried in every field of every route, one at a time. */
const HOSTILE_STRINGS: Record<string, string> = {
  'SQL fragment': "' OR '1'='1' --",
  'stacked SQL': '1; drop table tenants; --',
  'control characters': 'a\u0000b\r\nc\u001b[31m',
  'very long': 'x'.repeat(20_000),
  unicode: '𝕏ñ\u202eevil\u200d👩‍👩‍👧',
  markup: '<script>alert(1)</script>',
  'path traversal': '../../../../etc/passwd',
  'prototype key': '__proto__',
  'huge number': '99999999999999999999999999',
  'negative number': '-1',
  'not a number': 'NaN',
};

const HOSTILE_JSON: Record<string, unknown> = {
  ...HOSTILE_STRINGS,
  array: ['a', 'b'],
  'nested object': { $gt: '' },
  'prototype object': JSON.parse('{"__proto__": {"polluted": true}}'),
  null: null,
  'big integer': 2 ** 60,
  boolean: true,
  'deep nesting': JSON.parse('['.repeat(200) + ']'.repeat(200)),
};

/** The field names a zod object schema declares (through optional and pipe wrappers). */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  let s: unknown = schema;
  for (let i = 0; i < 5 && s; i++) {
    if (s instanceof z.ZodObject) return Object.keys(s.shape);
    const def = (s as { def?: { innerType?: unknown; in?: unknown } }).def;
    s = def?.innerType ?? def?.in;
  }
  return [];
}

function pathFor(route: RouteDef, value = '1'): string {
  return route.path.replace(/:([a-z_]+)/g, () => encodeURIComponent(value));
}

const STACK_TRACE = /\n\s+at |node_modules|\.ts:\d+|TypeError|ReferenceError|ERR_[A-Z_]+/;

/**
 * Walks the server's own route table, so a route added later is covered without anyone remembering:
 * hostile values in each path parameter, query field and body field never produce a 500, a stack trace,
 * or another workspace's data.
 */
// Each walk sends thousands of requests and grows with every route: on a busy machine 30 s is not enough.
describe('hostile input on every route', { timeout: 180_000 }, () => {
  let t: TestApp;
  let mine: { tenant: { tenant_id: number }; owner: Actor };
  let other: { tenant: { tenant_id: number; tenant_uuid: string; display_name: string }; owner: Actor };

  beforeAll(async () => {
    t = await buildTestApp({ config: { magicLinkLimitPerIp: 100_000, magicLinkLimitPerAddress: 100_000 } });
    mine = await createWorkspace(t);
    other = await createWorkspace(t, 'Zebra Secret Holdings');
  });
  afterAll(() => t.close());

  function check(route: RouteDef, label: string, res: { statusCode: number; body: string }) {
    const where = `${route.method} ${route.path} with ${label}`;
    // 501 is a deliberate answer (a provider this server has no settings for), not a failure.
    if (res.statusCode !== 501) expect(res.statusCode, where).toBeLessThan(500);
    expect(res.body, where).not.toMatch(STACK_TRACE);
    expect(res.body, where).not.toContain(other.tenant.tenant_uuid);
    expect(res.body, where).not.toContain(other.tenant.display_name);
  }

  /** Every route but logout, which would end the session the rest of the walk is made with. */
  const walked = () => t.app.routeTable.filter((r) => r !== routes.logout);

  it('walks a route table with routes in it', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(5);
  });

  it('never fails on hostile path parameters', async () => {
    for (const route of walked().filter((r) => r.path.includes(':'))) {
      for (const [label, value] of Object.entries(HOSTILE_STRINGS)) {
        const res = await t.app.inject({
          method: route.method,
          url: `${pathFor(route, value)}?tenant_id=${mine.tenant.tenant_id}`,
          headers: mine.owner.headers,
          ...(route.body ? { payload: {} } : {}),
        });
        check(route, `path ${label}`, res);
      }
    }
  });

  it('never fails on hostile query fields, single or repeated', async () => {
    for (const route of walked()) {
      const fields = [...new Set([...fieldsOf(route.query), 'tenant_id', 'is_demo', 'dim_name', 'dim_val'])];
      for (const field of fields) {
        for (const [label, value] of Object.entries(HOSTILE_STRINGS)) {
          const qs = new URLSearchParams({ [field]: value });
          if (field !== 'tenant_id') qs.set('tenant_id', String(mine.tenant.tenant_id));
          const res = await t.app.inject({
            method: route.method,
            url: `${pathFor(route)}?${qs.toString()}`,
            headers: mine.owner.headers,
            ...(route.body ? { payload: {} } : {}),
          });
          check(route, `query ${field}=${label}`, res);
        }
        const repeated = await t.app.inject({
          method: route.method,
          url: `${pathFor(route)}?${field}=${mine.tenant.tenant_id}&${field}=${other.tenant.tenant_id}`,
          headers: mine.owner.headers,
          ...(route.body ? { payload: {} } : {}),
        });
        check(route, `query ${field} repeated`, repeated);
      }
    }
  });

  it('never fails on hostile body fields, or bodies that are not objects', async () => {
    for (const route of walked().filter((r) => r.body)) {
      const url = `${pathFor(route)}?tenant_id=${mine.tenant.tenant_id}`;
      for (const field of [...fieldsOf(route.body), '__proto__', 'constructor', 'tenant_id']) {
        for (const [label, value] of Object.entries(HOSTILE_JSON)) {
          const res = await t.app.inject({
            method: route.method,
            url,
            headers: { ...mine.owner.headers, 'content-type': 'application/json' },
            payload: `{${JSON.stringify(field)}: ${JSON.stringify(value)}}`,
          });
          check(route, `body ${field}=${label}`, res);
        }
      }
      for (const [label, payload] of Object.entries({
        array: '[1,2,3]',
        string: '"x"',
        number: '42',
        'broken JSON': '{"a":',
        'prototype at the top':
          '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
        huge: JSON.stringify({ x: 'y'.repeat(2_000_000) }),
      })) {
        const res = await t.app.inject({
          method: route.method,
          url,
          headers: { ...mine.owner.headers, 'content-type': 'application/json' },
          payload,
        });
        check(route, `body ${label}`, res);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  /**
   * PostgreSQL cannot store NUL (22021, once a 500 on 24 query fields): every path parameter, query field
   * and body field (value, array item or key) carrying one answers 400 with the message, not just "< 500".
   * A request refused before its input is read (no access, rate limit) keeps that answer.
   */
  it('answers NUL in every path parameter, query field and body field with 400 and its message', async () => {
    const NUL = 'a\u0000b';
    const refusedFirst = new Set([401, 403, 429]);
    let refused = 0;
    const send = (route: RouteDef, url: string, payload = route.body ? '{}' : undefined) =>
      t.app.inject({
        method: route.method,
        url,
        headers: payload ? { ...mine.owner.headers, 'content-type': 'application/json' } : mine.owner.headers,
        ...(payload ? { payload } : {}),
      });
    const expectRefused = async (
      route: RouteDef,
      label: string,
      harmless: () => Promise<{ statusCode: number }>,
      res: { statusCode: number; body: string },
      anyMessage = false,
    ) => {
      const where = `${route.method} ${route.path} with NUL in ${label}`;
      if (res.statusCode !== 400 || anyMessage) {
        const before = (await harmless()).statusCode;
        if (anyMessage) return expect([400, before], where).toContain(res.statusCode);
        if (refusedFirst.has(res.statusCode)) return expect(res.statusCode, where).toBe(before);
      }
      expect(res.statusCode, `${where}: ${res.body}`).toBe(400);
      if (anyMessage) return;
      expect(JSON.parse(res.body).message, where).toContain(INPUT_MESSAGES.nulCharacter);
      refused++;
    };
    const base = `tenant_id=${mine.tenant.tenant_id}`;
    for (const route of walked()) {
      if (route.path.includes(':')) {
        const res = await send(route, `${pathFor(route, NUL)}?${base}`);
        await expectRefused(route, 'the path', () => send(route, `${pathFor(route, 'x')}?${base}`), res);
      }
      for (const field of [...new Set([...fieldsOf(route.query), 'tenant_id', 'dim_name', 'dim_val'])]) {
        const qs = (value: string) => {
          const q = new URLSearchParams({ [field]: value });
          if (field !== 'tenant_id') q.set('tenant_id', String(mine.tenant.tenant_id));
          return `${pathFor(route)}?${q.toString()}`;
        };
        // tenant_id is read as a number by authentication, before the guard: refused with its own message.
        const res = await send(route, qs(NUL));
        await expectRefused(
          route,
          `query ${field}`,
          () => send(route, qs(String(mine.tenant.tenant_id))),
          res,
          field === 'tenant_id',
        );
      }
      if (!route.body) continue;
      const url = `${pathFor(route)}?${base}`;
      for (const field of fieldsOf(route.body)) {
        for (const [label, value] of Object.entries({ value: NUL, 'array item': ['x', NUL] })) {
          const res = await send(route, url, JSON.stringify({ [field]: value }));
          await expectRefused(route, `body ${field} ${label}`, () => send(route, url, '{}'), res);
        }
      }
      const key = await send(route, url, JSON.stringify({ [NUL]: 'x' }));
      await expectRefused(route, 'a body key', () => send(route, url, '{}'), key);
    }
    // The walk reached the guard (rather than stopping at sign-in) on most of the table.
    expect(refused).toBeGreaterThan(walked().length * 2);
  });
});

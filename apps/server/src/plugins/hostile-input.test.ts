import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteDef } from '@tidemark/contract';
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
    expect(res.statusCode, where).toBeLessThan(500);
    expect(res.body, where).not.toMatch(STACK_TRACE);
    expect(res.body, where).not.toContain(other.tenant.tenant_uuid);
    expect(res.body, where).not.toContain(other.tenant.display_name);
  }

  it('walks a route table with routes in it', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(5);
  });

  it('never fails on hostile path parameters', async () => {
    for (const route of t.app.routeTable.filter((r) => r.path.includes(':'))) {
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
    for (const route of t.app.routeTable) {
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
    for (const route of t.app.routeTable.filter((r) => r.body)) {
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
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { routes } from '@tidemark/contract';
import { buildTestApp, type TestApp } from '../testing/build-test-app';
import { schemaValidator, type OpenApiDocument } from '../testing/openapi';

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options', 'head'];

/** Redocly's recommended rules, minus the ones this API breaks on purpose. */
const lintRules = {
  // A private product: there is no licence to name.
  'info-license': 'off',
  // `/v1/insights/groups/{group_id}` beside `/v1/insights/{insight_id}/rootcause` are both real paths:
  // a static segment wins, in Fastify as in every OpenAPI router.
  'no-ambiguous-paths': 'off',
  // Browser navigations (sign-in and OAuth callbacks) succeed with a 302; checked below instead.
  'operation-2xx-response': 'off',
} as const;

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => ({ path, method, op })),
    );

  beforeAll(async () => {
    // Served as deployed: the document names the server's public address.
    t = await buildTestApp({ config: { publicUrl: 'https://tidemark.acme.test' } });
    doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
  }, 120_000);
  afterAll(() => t.close());

  it('passes the recommended OpenAPI lint rules with no error or warning', async () => {
    const config = await createConfig({ extends: ['recommended'], rules: lintRules });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'https://tidemark.acme.test/v1/openapi.json',
      config,
    });
    expect(problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual(
      [],
    );
    expect(doc.servers).toEqual([{ url: 'https://tidemark.acme.test', description: 'This Tidemark server' }]);
  });

  it('names each operation after its contract route and leaves the development outbox out', () => {
    const toPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
    const expected = Object.entries(routes)
      .filter(([, def]) => !def.path.startsWith('/v1/dev/'))
      .map(([name, def]) => `${def.method.toLowerCase()} ${toPath(def.path)} ${name}`)
      .sort();
    expect(
      operations()
        .map(({ path, method, op }) => `${method} ${path} ${String(op.operationId)}`)
        .sort(),
    ).toEqual(expected);
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/v1/dev/'))).toEqual([]);
  });

  it('says what secures every operation: nothing for public calls, the explorer token for the explorer page', () => {
    const security = (path: string, method: string) => doc.paths[path]![method]!.security;
    expect(security('/v1/health', 'get')).toEqual([]);
    expect(security('/v1/auth/magic-login', 'post')).toEqual([]);
    expect(security('/v1/explorer/query', 'post')).toEqual([{ explorerToken: [] }]);
    expect(security('/v1/flags', 'get')).toEqual([{ session: [] }, { bearer: [] }]);
    expect(doc.components.securitySchemes).toHaveProperty('explorerToken.name', 'x-explorer-token');
    expect(operations().filter(({ op }) => !Array.isArray(op.security))).toEqual([]);
  });

  it('gives every operation a success answer (2XX, or 302 for a browser navigation) and a 4XX one', () => {
    const codes = (op: Record<string, unknown>) => Object.keys(op.responses as object);
    const missing = operations().filter(
      ({ op }) => !codes(op).some((c) => /^(2..|302)$/.test(c)) || !codes(op).some((c) => /^4..$/.test(c)),
    );
    expect(missing.map(({ path, method }) => `${method} ${path}`)).toEqual([]);
  });

  it('compiles every request and response schema with a strict JSON Schema validator', () => {
    const validate = schemaValidator(doc);
    const schemas = operations().flatMap(({ path, method, op }) => {
      const where = `${method} ${path}`;
      const params = ((op.parameters ?? []) as Array<{ name: string; schema: object }>).map(
        (p) => [`${where} ${p.name}`, p.schema] as const,
      );
      const contents = [
        ['request', op.requestBody],
        ...Object.entries((op.responses ?? {}) as Record<string, unknown>),
      ].flatMap(([label, holder]) =>
        Object.values(
          ((holder as { content?: object } | undefined)?.content ?? {}) as Record<string, { schema: object }>,
        ).map((media) => [`${where} ${String(label)}`, media.schema] as const),
      );
      return [...params, ...contents];
    });
    expect(schemas.length).toBeGreaterThan(300);
    const failures = schemas.flatMap(([where, schema]) => {
      try {
        validate(schema);
        return [];
      } catch (error) {
        return [`${where}: ${(error as Error).message}`];
      }
    });
    expect(failures).toEqual([]);
  });
});

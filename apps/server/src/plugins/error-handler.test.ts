import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { INPUT_MESSAGES } from '@tidemark/contract';
import errorHandler from './error-handler';
import errorReporting from './error-reporting';
import { buildTestApp, createOperator, type Actor, type TestApp } from '../testing/build-test-app';

describe('error handling and platform routes', () => {
  let t: TestApp;
  let operator: Actor;
  beforeAll(async () => {
    t = await buildTestApp();
    operator = await createOperator(t);
  });
  afterAll(() => t.close());

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/magic-login',
      headers: { 'content-type': 'application/json' },
      payload: '{"destination": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'The request body is not valid JSON.' });
  });

  it('answers an oversized body with 413 Payload Too Large and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/magic-login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ destination: 'a@b.test', shopify_data: 'x'.repeat(2_000_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: INPUT_MESSAGES.bodyTooLarge });
  });

  it('answers text PostgreSQL refuses (NUL, 22021) that got past the input guard with 400, not 500', async () => {
    // A bare app with the real handler: a route that hands NUL to the database, as a raw-body handler could.
    const bare = Fastify({ logger: false });
    bare.decorate('config', t.config);
    await bare.register(errorReporting);
    await bare.register(errorHandler);
    bare.get('/store', async () => t.db.query('select $1::text as v', ['a\u0000b']));
    onTestFinished(() => bare.close());
    const res = await bare.inject({ method: 'GET', url: '/store' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: INPUT_MESSAGES.nulCharacter });
  });

  it('names the field of a schema violation', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/flags/events',
      headers: operator.headers,
      payload: { enabled: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid body field enabled/);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'It looks like there is no data for this path.' });
  });

  it('reports health with the database in use and whether background jobs keep up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'postgres',
      version: expect.any(String),
      jobs: { status: 'ok', oldest_waiting_seconds: expect.toBeOneOf([null, expect.any(Number)]) },
    });
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/auth/magic-login', '/v1/auth/verify', '/v1/flags/{flag}']),
    );
    expect(
      doc.paths['/v1/auth/magic-login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('destination');
  });

  it('documents the API-key bearer scheme on tenant-scoped reads only', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/v1/apps/tokens'].get.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(doc.paths['/v1/apps/tokens'].post.security).toEqual([{ session: [] }]);
  });

  it('serves tenant info with the workspace defaults', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/tenants/info', headers: operator.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      currency: 'USD',
      currency_symbol: '$',
      timezone: 'Etc/UTC',
      is_forecast_enabled: false,
    });
  });
});

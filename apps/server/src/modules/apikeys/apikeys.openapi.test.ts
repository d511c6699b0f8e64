import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { PREFERENCE_NAMES } from '@tidemark/contract';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createInsightWorkspace } from '../../testing/insight-store';
import { schemaValidator, type OpenApiDocument } from '../../testing/openapi';

type Answer = { status: number; body: unknown };

/** Reads that answer 404 on this workspace because it holds no such thing (no site events were sent). */
const ABSENT_HERE = new Set(['getEventGroup', 'eventRootCause', 'getEventGroupFeedback']);

describe('the API-key reads, answered as the OpenAPI document says', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let key: string;
  let compile: (schema: object) => ValidateFunction;
  const answers = new Map<string, Answer>();

  const read = async (url: string): Promise<Answer> => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const { shop, datasourceId } = await createInsightWorkspace(t);
    doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    compile = schemaValidator(doc);
    const made = await t.app.inject({
      method: 'POST',
      url: '/v1/apps/tokens',
      headers: shop.owner.headers,
      payload: { name: 'OpenAPI check' },
    });
    key = made.json().data.token;

    // Path and query values that exist in this workspace, read with the key itself.
    const [tenant] = await t.db.query<{ tenant_uuid: string }>(
      'select tenant_uuid::text from tenants where tenant_id = $1',
      [shop.tenant.tenant_id],
    );
    const first = async <T>(url: string, pick: (body: never) => T): Promise<T> =>
      pick((await read(url)).body as never);
    const kpiId = await first('/v1/metrics_hub/metrics', (b: { rows: Array<{ kpi_id: number }> }) =>
      String(b.rows[0]!.kpi_id),
    );
    const groupId = await first(
      '/v1/insights/groups?page_num=1',
      (b: { groups: Array<{ group_id: string }> }) => String(b.groups[0]!.group_id),
    );
    const insightId = await first('/v1/insights', (b: { insights: Array<{ insight_id: string }> }) =>
      String(b.insights[0]!.insight_id),
    );
    const dimensionId = await first('/v1/metrics_hub/dimensions', (b: { data: Array<{ id: number }> }) =>
      String(b.data[0]!.id),
    );
    const extractionId = await first('/v1/extractions', (b: { data: Array<{ extraction_job_id: string }> }) =>
      String(b.data[0]!.extraction_job_id),
    );
    const values: Record<string, string> = {
      tenant_uuid: tenant!.tenant_uuid,
      org_uuid: tenant!.tenant_uuid,
      datasource_id: datasourceId,
      extraction_job_id: extractionId,
      kpi_id: kpiId,
      group_id: groupId,
      insight_id: insightId,
      id: dimensionId,
      event_uuid: '00000000-0000-4000-8000-000000000000',
      name: PREFERENCE_NAMES[0],
    };

    for (const [path, item] of Object.entries(doc.paths)) {
      const op = item.get;
      if (!op || !JSON.stringify(op.security).includes('bearer')) continue;
      const params = (op.parameters ?? []) as Array<{ name: string; in: string; required?: boolean }>;
      const eventGroup = path.startsWith('/v1/events/groups/');
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
        encodeURIComponent(eventGroup ? '1' : values[name]!),
      );
      const query = params
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => `${p.name}=${encodeURIComponent(values[p.name]!)}`)
        .join('&');
      answers.set(String(op.operationId), await read(query ? `${url}?${query}` : url));
    }
  }, 300_000);
  afterAll(() => t.close());

  it('reads every tenant-scoped GET route with the key, all but the absent ones successfully', () => {
    expect(answers.size).toBeGreaterThan(50);
    const statuses = Object.fromEntries([...answers].map(([name, a]) => [name, a.status]));
    const expected = Object.fromEntries(
      [...answers.keys()].map((name) => [name, ABSENT_HERE.has(name) ? 404 : 200]),
    );
    expect(statuses).toEqual(expected);
  });

  it('answers each of them with a body its schema in the document accepts', () => {
    const rejected: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      const op = item.get;
      const answer = op && answers.get(String(op.operationId));
      if (!op || !answer) continue;
      const responses = op.responses as Record<string, { content?: Record<string, { schema: object }> }>;
      const schema = responses[String(answer.status)]?.content?.['application/json']?.schema;
      if (!schema) {
        rejected.push(`GET ${path} ${answer.status}: not documented`);
        continue;
      }
      const validate = compile(schema);
      if (!validate(answer.body)) {
        const errors = (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath} ${e.message}`);
        rejected.push(`GET ${path} ${answer.status}: ${errors.join('; ')}`);
      }
    }
    expect(rejected).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionSecret } from '../../db/app-settings';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';
import { chartToken, readChartToken } from './chart-token';
import type { NotificationContent } from './content';
import { insertOutbox } from './notifications.repository';

describe("an alert's chart link (Slack's image block)", () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number; tenant_name?: string }; owner: Actor };
  let secret: string;
  const ids: Record<string, string> = {};

  const content = (chart: boolean): NotificationContent =>
    ({
      title: 'Orders rose 236% above expected',
      summary: 'Orders were 358 against 106.6 expected.',
      severity: 'High',
      expected: 106.6,
      actual: 358,
      dollar_impact: null,
      currency: 'USD',
      app_url: 'http://localhost:8080/groups/1',
      details: {
        type: 'alert',
        kind: 'insight_group',
        item_label: 'Insight',
        metric_name: 'Orders',
        format: 'number',
        when: 'Sat 21 Nov',
        chart: chart ? { values: [100, 104, 98, 358, 101], highlight: [3, 3], tone: 'good' } : null,
        escalated: false,
      },
    }) as unknown as NotificationContent;

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createWorkspace(t);
    secret = await sessionSecret(t.db, t.config.sessionSecret);
    for (const [name, chart] of [
      ['chart', true],
      ['none', false],
    ] as const) {
      ids[name] = (await insertOutbox(t.db, {
        tenantId: shop.tenant.tenant_id,
        userId: shop.owner.userId,
        channel: 'slack',
        kind: 'insight_group',
        itemId: '1',
        dedupeKey: `test:${name}`,
        content: content(chart),
        sendAfter: new Date(),
      }))!;
    }
  }, 60_000);
  afterAll(() => t.close());

  const get = (token: string) => t.app.inject({ method: 'GET', url: `/v1/notifications/charts/${token}` });

  it('serves the PNG without a session, to anyone holding the signed link', async () => {
    const res = await get(
      chartToken(secret, { tenantId: shop.tenant.tenant_id, notificationId: ids.chart! }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });

  it('answers not found for an alert without a chart, another row with an edited id, or a foreign signature', async () => {
    const none = chartToken(secret, { tenantId: shop.tenant.tenant_id, notificationId: ids.none! });
    expect((await get(none)).statusCode).toBe(404);
    const [tenant, , mac] = chartToken(secret, {
      tenantId: shop.tenant.tenant_id,
      notificationId: ids.chart!,
    }).split('.');
    expect((await get(`${tenant}.${ids.none}.${mac}`)).statusCode).toBe(404);
    const foreign = chartToken('another-secret', {
      tenantId: shop.tenant.tenant_id,
      notificationId: ids.chart!,
    });
    expect(readChartToken(secret, foreign)).toBeNull();
    expect((await get(foreign)).statusCode).toBe(404);
    expect((await get('not-a-token')).statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MESSAGES, catalogueFor, type EventGroup } from '@tidemark/contract';
import { baseContext } from '../../plugins/context';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';
import { loadDemoSiteTraffic } from '../demo';
import { groupTenantErrors } from './event-groups.service';

const HOUR = 3_600_000;
// The demo traffic ends at the last whole hour; every time below is relative to it.
const END = new Date(Math.floor(Date.now() / HOUR) * HOUR);
const iso = (hoursFromEnd: number) => new Date(END.getTime() + hoursFromEnd * HOUR).toISOString();
const day = (hoursFromEnd: number) => iso(hoursFromEnd).slice(0, 10);
const FROM = iso(-48);

describe('events API', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  let other: { tenant: { tenant_id: number }; owner: Actor };
  let groups: EventGroup[];

  const get = (url: string, who: { tenant: { tenant_id: number }; owner: Actor } = shop) =>
    t.app.inject({
      url: `${url}${url.includes('?') ? '&' : '?'}tenant_id=${who.tenant.tenant_id}`,
      headers: who.owner.headers,
    });
  const post = (url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `${url}?tenant_id=${shop.tenant.tenant_id}`,
      headers: shop.owner.headers,
      payload,
    });

  beforeAll(async () => {
    t = await buildTestApp({ config: { runJobs: false } });
    shop = await createWorkspace(t);
    other = await createWorkspace(t);
    await loadDemoSiteTraffic(baseContext(t.app), { tenantId: shop.tenant.tenant_id, end: END });
    groups = (await get(`/v1/events/groups?start_time=${FROM}`)).json<{ event_groups: EventGroup[] }>()
      .event_groups;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('lists groups newest first with the summary filters; unknown values answer empty, not 500', async () => {
    expect(groups.length).toBe(3);
    const ends = groups.map((g) => g.event_group_ts_end);
    expect([...ends].sort().reverse()).toEqual(ends);
    const live = (await get(`/v1/events/groups?start_time=${FROM}&status=Live`)).json().event_groups;
    expect(live.map((g: EventGroup) => g.status)).toEqual(['Active']);
    const js = (await get(`/v1/events/groups?start_time=${FROM}&sub_type=js,asset`)).json().event_groups;
    expect(js.map((g: EventGroup) => g.sub_type).sort()).toEqual(['asset', 'js']);
    for (const query of [
      'severity=Critical',
      'sub_type=nope',
      'provider_uuid=unknown',
      'provider_type=cloud',
      'provider_check=<script>',
      'dim_name=browser&dim_val=Netscape',
      'dim_name=planet&dim_val=Mars',
    ]) {
      const res = await get(`/v1/events/groups?start_time=${FROM}&${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.json().event_groups, query).toEqual([]);
    }
    const safari = (
      await get(`/v1/events/groups?start_time=${FROM}&dim_name=browser&dim_val=Mobile%20Safari`)
    ).json();
    expect(safari.event_groups.length).toBeGreaterThanOrEqual(1);
    expect((await get(`/v1/events/groups?start_time=${FROM}&page_num=2`)).json()).toEqual({
      event_groups: [],
      count: 0,
    });
    expect(
      (await get(`/v1/events/groups?start_time=${day(-24 * 6)}&end_time=${day(-24 * 5)}`)).json()
        .event_groups,
    ).toEqual([]);
  });

  it('gives one group with its log rows, and 404 with resource type Group for an unknown or foreign id', async () => {
    const js = groups.find((g) => g.sub_type === 'js')!;
    const res = await get(`/v1/events/groups/${js.event_group_id}`);
    expect(res.statusCode).toBe(200);
    const group = res.json<EventGroup>();
    expect(group.events.length).toBeGreaterThan(0);
    expect(group.events[0]!.payload).toMatchObject({ error: { name: 'TypeError' } });
    expect(group.kpi_id).toBe(`ev_group_${js.event_group_id}`);
    expect(group.formatted_event_group_sequence_id).toMatch(/^EV-\d{4}$/);
    for (const id of ['999999', js.event_group_id]) {
      const missing = await get(`/v1/events/groups/${id}`, id === '999999' ? shop : other);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(catalogueFor(404, 'Group').message);
    }
    expect((await get(`/v1/events/groups?start_time=${FROM}`, other)).json().event_groups).toEqual([]);
  });

  it('summarises counts by severity and status and the impact with its delta', async () => {
    const { data } = (await get(`/v1/events/summary?start_time=${day(-25)}&end_time=${day(1)}`)).json();
    expect(data.total_events.count).toBe(3);
    expect(data.status.Active.count + data.status.Closed.count).toBe(3);
    expect(data.severity.High.count + data.severity.Medium.count + data.severity.Low.count).toBe(3);
    expect(data.impact.monetary.value).toBeGreaterThan(0);
    expect(data.impact.monetary.delta_percentage).toBeNull();
    expect(
      (await get(`/v1/events/summary?start_time=${day(-25)}&status=Nope`)).json().data.total_events.count,
    ).toBe(0);
    const filters = (await get('/v1/events/filters')).json().data;
    expect(filters.providers).toHaveLength(1);
    expect(
      filters.provider_checks.map((c: { provider_check_name: string }) => c.provider_check_name).sort(),
    ).toEqual(['asset', 'js', 'network']);
    expect((await get('/v1/events/filters', other)).json().data.providers).toEqual([]);
  });

  it('records feedback as a verdict or a reason, never both', async () => {
    const id = groups[0]!.event_group_id;
    // No feedback yet is a card's usual state: 200 with null, not a 404 in the console per card.
    const none = await get(`/v1/events/groups/${id}/feedback`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expect((await get(`/v1/events/groups/424242/feedback`)).statusCode).toBe(404);
    expect((await post(`/v1/events/groups/${id}/feedback`, { feedback_ishelpful: true })).json()).toEqual({
      success: true,
      message: EVENT_MESSAGES.feedbackSaved,
    });
    await post(`/v1/events/groups/${id}/feedback`, { feedback_comment: 'Not relevant' });
    expect((await get(`/v1/events/groups/${id}/feedback`)).json()).toMatchObject({
      feedback_ishelpful: true,
      feedback_comment: 'Not relevant',
    });
    await post(`/v1/events/groups/${id}/feedback`, { feedback_ishelpful: null });
    expect((await get(`/v1/events/groups/${id}/feedback`)).json().feedback_ishelpful).toBeNull();
    const both = await post(`/v1/events/groups/${id}/feedback`, {
      feedback_ishelpful: true,
      feedback_comment: 'x',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(EVENT_MESSAGES.feedbackOneField);
    expect((await post(`/v1/events/groups/424242/feedback`, { feedback_ishelpful: true })).statusCode).toBe(
      404,
    );
  });

  it('charts a group: compare per hour and per dimension value, related metrics, funnel, dimension values, timeline', async () => {
    const js = groups.find((g) => g.sub_type === 'js')!;
    const range = `start_time=${iso(-24)}&end_time=${iso(2)}`;
    const points = (
      await get(`/v1/metrics_hub/metrics/${js.kpi_id}/compare?pipeline_schedule=h&${range}`)
    ).json();
    expect(points).toHaveLength(26);
    const total = points.reduce((a: number, p: { results: Array<{ y: number }> }) => a + p.results[0]!.y, 0);
    expect(total).toBe(js.number_of_events);
    expect(points.some((p: { results: Array<{ insight: unknown }> }) => p.results[0]!.insight)).toBe(true);
    const byBrowser = (
      await get(`/v1/metrics_hub/metrics/${js.kpi_id}/compare?pipeline_schedule=h&${range}&dim_name=browser`)
    ).json();
    expect(byBrowser[0].results.map((r: { dim_val: string }) => r.dim_val)).toEqual(['Mobile Safari']);
    const daily = (
      await get(`/v1/metrics_hub/metrics/ev_pageviews/compare?pipeline_schedule=d&${range}`)
    ).json();
    const DAY = 24 * HOUR;
    expect(daily).toHaveLength(
      Math.ceil((END.getTime() + 2 * HOUR) / DAY) - Math.floor((END.getTime() - DAY) / DAY),
    );
    const bad = await get(`/v1/metrics_hub/metrics/ev_nothing/compare?${range}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(EVENT_MESSAGES.compareNoMetric);
    expect((await get(`/v1/metrics_hub/metrics/ev_group_999999/compare?${range}`)).statusCode).toBe(404);

    const related = (await get(`/v1/metrics_hub/metrics/${js.kpi_id}/related_metrics`)).json().kpis;
    expect(related[0].kpi_id).toBe(js.kpi_id);
    const names = related.slice(1).map((k: { kpi_display_name: string }) => k.kpi_display_name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));

    const funnel = (
      await get(`/v1/metrics_hub/metrics/funnel?timestamp=${iso(-2)}&sub_type=experience`)
    ).json();
    expect(funnel.funnel_steps.map((s: { kpi_display_name: string }) => s.kpi_display_name)).toEqual([
      'Page views',
      'Product views',
      'Cart views',
      'Checkout views',
      'Purchases',
    ]);
    expect(funnel.funnel_steps[0].y).toBeGreaterThan(0);

    const values = (await get('/v1/metrics_hub/dimensions/ev_browser/values')).json().data;
    expect(values).toContain('Mobile Safari');

    const timeline = (
      await get(`/v1/events/pattern_series?timestamp_start=${iso(-24)}&timestamp_end=${iso(2)}`)
    ).json();
    expect(timeline).toHaveLength(26);
    expect(
      timeline.some((p: { event_group_ids: string[] }) => p.event_group_ids.includes(js.event_group_id)),
    ).toBe(true);
  });

  it('explains an event by dimension: its share of errors against its share of page views', async () => {
    const js = (
      await get(`/v1/events/groups/${groups.find((g) => g.sub_type === 'js')!.event_group_id}`)
    ).json<EventGroup>();
    const res = await get(`/v1/events/${js.events[0]!.event_uuid}/rootcause?dimension_names=browser`);
    const details = res.json().data.rootcause_details;
    expect(details[0]).toMatchObject({
      dimension_name: 'browser',
      dimension_value: 'Mobile Safari',
      actual_dimension_value: 100,
    });
    expect(details[0].expected_dimension_value).toBeLessThan(50);
    expect((await get(`/v1/events/nope/rootcause`)).statusCode).toBe(404);
  });

  it('regroups to the same groups when the job runs again', async () => {
    await groupTenantErrors(baseContext(t.app), shop.tenant.tenant_id);
    const again = (await get(`/v1/events/groups?start_time=${FROM}`)).json<{ event_groups: EventGroup[] }>()
      .event_groups;
    expect(again.map((g) => [g.event_group_id, g.formatted_event_group_sequence_id, g.title])).toEqual(
      groups.map((g) => [g.event_group_id, g.formatted_event_group_sequence_id, g.title]),
    );
  });
});

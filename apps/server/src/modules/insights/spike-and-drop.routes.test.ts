import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type Actor, type TestApp } from '../../testing/build-test-app';
import { INSIGHT_STORE, createInsightWorkspace, insightStoreCsv } from '../../testing/insight-store';

// Issue 8, quality: a store's orders CSV where, on the same day, orders jump everywhere but Germany,
// whose orders stop from that day on. Through the API, one group must hold both, in words a merchant reads.
const SHAPE = { DAYS: 110, SPIKE_DAY: 100, DROP_FROM: 100 };
const DAY = 86_400_000;

interface Group {
  group_id: string;
  group_title: string;
  group_summary: string;
  insights: string[];
}
interface Insight {
  insight_id: string;
  insight_title: string;
  insight_summary: string;
  pattern_direction: 'up' | 'down';
  pipeline_schedule: string;
  kpi_display_name: string;
  insight_id_ts: string;
}

describe('an uploaded orders CSV with a spike and a drop confined to one country', () => {
  let t: TestApp;
  let owner: Actor;

  beforeAll(async () => {
    // The clock (Date.now) inside the store's last day: that day still fills, as it would for a live store.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(INSIGHT_STORE.START + (SHAPE.DAYS - 1) * DAY + 12 * 3_600_000);
    t = await buildTestApp();
    ({
      shop: { owner },
    } = await createInsightWorkspace(t, insightStoreCsv(SHAPE)));
  }, 300_000);
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  it('comes back as one group holding the spike and the country drop, in readable text', async () => {
    const feed = await get<{ groups: Group[] }>('/v1/insights/groups?page_num=1');
    const day = new Date(INSIGHT_STORE.START + SHAPE.SPIKE_DAY * DAY).toISOString().slice(0, 10);
    const found: Array<{ group: Group; members: Insight[] }> = [];
    for (const group of feed.groups) {
      const members = await Promise.all(group.insights.map((id) => get<Insight>(`/v1/insights/${id}`)));
      found.push({ group, members });
    }
    // The spike day (hourly insights of it start within the day).
    const onDay = (m: Insight) => m.insight_id_ts.startsWith(day);
    const both = found.find(
      ({ members }) =>
        members.some((m) => onDay(m) && m.kpi_display_name === 'Orders' && m.pattern_direction === 'up') &&
        members.some((m) => m.pattern_direction === 'down' && /DE/.test(m.insight_title)),
    );
    expect(
      both,
      JSON.stringify(
        found.map(({ group, members }) => [
          group.group_title,
          members.map((m) => [m.pipeline_schedule, m.insight_id_ts, m.insight_title]),
        ]),
        null,
        1,
      ),
    ).toBeDefined();
    const { group, members } = both!;
    // Readable: whole sentences, the metric named, no machine leftovers.
    for (const text of [
      group.group_title,
      group.group_summary,
      ...members.flatMap((m) => [m.insight_title, m.insight_summary]),
    ]) {
      expect(text.length).toBeGreaterThan(10);
      expect(text).not.toMatch(/NaN|undefined|null|Infinity|\[object/);
    }
    expect(group.group_title).toMatch(/Orders/);
    const spike = members.find(
      (m) => onDay(m) && m.kpi_display_name === 'Orders' && m.pattern_direction === 'up',
    )!;
    expect(spike.insight_title).toMatch(
      /^Orders rose [\d.]+% above expected on \w{3} \d{1,2} \w{3}, mostly US$/,
    );
    const drop = members.find((m) => m.pattern_direction === 'down' && /DE/.test(m.insight_title))!;
    expect(drop.insight_title).toMatch(/Orders/);
  });
});

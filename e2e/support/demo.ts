import type { RunningServer } from './harness';

export const DEMO_OWNER = 'owner@demo-store.example';

async function groupCount(server: RunningServer, cookie: string): Promise<number> {
  let total = 0;
  for (let pageNum = 1; pageNum <= 5; pageNum++) {
    const res = await fetch(`${server.url}/v1/insights/groups?page_num=${pageNum}`, { headers: { cookie } });
    const groups = res.ok ? ((await res.json()) as { groups: unknown[] }).groups.length : 0;
    total += groups;
    if (groups < 10) break;
  }
  return total;
}

/**
 * Waits until the demo store's feed has groups and their number has held for three polls (its analysis is
 * done), and answers how many the first five pages hold. On the run's analysed demo copy this returns at
 * once; only a server started from scratch (E2E_DEMO_TEMPLATE=off) waits for its demo jobs.
 */
export async function waitForDemoInsights(server: RunningServer, cookie: string): Promise<number> {
  const deadline = Date.now() + 240_000;
  const counts: number[] = [];
  for (;;) {
    const total = await groupCount(server, cookie);
    counts.push(total);
    if (total > 0 && counts.length >= 3 && counts.slice(-3).every((c) => c === total)) return total;
    if (Date.now() > deadline)
      throw new Error(`the demo workspace has no settled insights (counts ${counts.join(', ')})`);
    await new Promise((r) => setTimeout(r, counts.length < 3 && total > 0 ? 200 : 2000));
  }
}

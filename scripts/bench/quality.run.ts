/**
 * npm run bench:quality — what a merchant would see, through the real pipeline, on two stores with an answer
 * key: the demo store (seed 42, 13 months hourly) and a young low-volume store (two years, 3–10 orders a
 * day, its first Black Friday with no year before it). Per store: planted anomalies found of all, groups the
 * answer key does not hold (false groups) and how many of them are High, and insights that break the
 * invariants (testing/invariants.ts); then NAB's standard score on the shared corpus (../shared/datasets/nab,
 * as `npm run bench:nab`), when it is there. Figures are printed, never asserted.
 * Runs under Vitest's `bench` project for the run's PostgreSQL (an embedded one, or TEST_DATABASE_URL).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, it } from 'vitest';
import { detectFile, loadCorpus, scoreAll, toNabFiles } from '../../packages/detect/bench/nab';
import { parseProfiles, parseWindows } from '../../packages/detect/src/nab/index';
import {
  generateStore,
  generateYoungStore,
  wantedFindings,
  type AnswerKey,
  type PlantedAnomaly,
} from '@tidemark/sample-data';
import {
  buildTestApp,
  contextOf,
  createWorkspace,
  type TestApp,
} from '../../apps/server/src/testing/build-test-app';
import { workspaceViolations } from '../../apps/server/src/testing/invariants';
import { importSampleStore, type ImportableStore } from '../../apps/server/src/modules/demo';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const END = new Date(process.env.BENCH_END ?? '2026-11-24T14:00:00Z');

interface Row {
  kpi_display_name: string;
  grain: string;
  dim_name: string;
  dim_val: string;
  pattern_type: string;
  direction: string;
  insight_ts: Date;
  ts_end: Date;
  severity: string;
  group_id: number | null;
  top: string | null;
}

const kindOf = (a: PlantedAnomaly) =>
  a.kind === 'level_shift' || a.kind === 'trend_change' ? 'Trend Change' : 'Point Anomaly';

/** Whether an insight tells a planted anomaly: its metric, direction, time and (when it has one) its value. */
const BUCKET: Record<string, number> = { h: HOUR, d: DAY, w: 7 * DAY, m: 31 * DAY };

function tells(a: PlantedAnomaly, i: Row): boolean {
  const metrics = [...a.metrics, ...(a.alsoVisibleIn ?? []).flatMap((v) => v.metrics)];
  if (!metrics.includes(i.kpi_display_name as never) || i.direction !== a.direction) return false;
  const start = Date.parse(a.start);
  const end = Date.parse(a.end);
  // An insight spans its last bucket: a day's insight holds the hour an hourly anomaly was planted in.
  const iEnd = i.ts_end.getTime() + (BUCKET[i.grain] ?? HOUR) - 1;
  const trend = kindOf(a) === 'Trend Change';
  const slack = trend ? 7 * DAY : a.grain === 'h' ? HOUR : DAY;
  if (trend && i.pattern_type === 'Trend Change') {
    if (Math.abs(i.insight_ts.getTime() - start) > slack) return false;
  } else if (trend && a.kind !== 'level_shift') return false;
  else if (
    trend
      ? Math.abs(i.insight_ts.getTime() - start) > slack
      : i.insight_ts.getTime() > end + slack || iEnd < start - slack
  )
    return false;
  if (!a.dimension) return true;
  return i.dim_val === a.dimension.value || (i.dim_name === '' && i.top === a.dimension.value);
}

let t: TestApp;
afterAll(() => t?.close());

async function measure(name: string, store: ImportableStore & { timezone: string; answerKey: AnswerKey }) {
  const shop = await createWorkspace(t);
  const tenantId = shop.tenant.tenant_id;
  await t.db.query('update tenants set timezone = $2 where tenant_id = $1', [tenantId, store.timezone]);
  const user = {
    userId: shop.owner.userId,
    userUuid: '',
    email: '',
    tenantId,
    isOperator: false,
    sessionHash: '',
  };
  const started = Date.now();
  await importSampleStore({ ctx: { ...contextOf(t), tenantId, isDemo: false, user }, input: store });
  await t.app.jobs.waitForIdle({ timeoutMs: 1_800_000 });
  const seconds = (Date.now() - started) / 1000;
  const rows = await t.db.query<Row>(
    `select m.kpi_display_name, i.grain, i.dim_name, i.dim_val, i.pattern_type, i.direction, i.insight_ts,
            i.ts_end, i.severity, i.group_id::int,
            i.rootcause->'rootcause_data'->0->'rootcause_details'->0->>'dim_val' as top
       from insights i join metrics m using (tenant_id, kpi_id) where i.tenant_id = $1`,
    [tenantId],
  );
  const groups = await t.db.query<{ group_id: number; severity: string; title: string; ts_start: Date }>(
    `select group_id::int, severity, draft->>'group_title' as title, ts_start from insight_groups where tenant_id = $1`,
    [tenantId],
  );
  // The planted anomalies and the findings a merchant wants that were not planted (a first Black Friday).
  const planted = wantedFindings(store.answerKey);
  const found = planted.filter((a) => rows.some((i) => tells(a, i)));
  const falseGroups = groups.filter(
    (g) => !rows.some((i) => i.group_id === g.group_id && planted.some((a) => tells(a, i))),
  );
  const violations = await workspaceViolations(t.db, tenantId);
  const missed = planted.filter((a) => !found.includes(a)).map((a) => a.id);
  console.log(
    `${name}: planted_found=${found.length}/${planted.length} insights=${rows.length} groups=${groups.length} ` +
      `false_groups=${falseGroups.length} false_high=${falseGroups.filter((g) => g.severity === 'High').length} ` +
      `violations=${violations.length} seconds=${seconds.toFixed(0)}${missed.length ? ` missed=${missed.join(',')}` : ''}`,
  );
  for (const v of violations.slice(0, 10)) console.log(`  violation: ${v}`);
  for (const g of falseGroups)
    console.log(`  false group: ${g.severity} ${g.ts_start.toISOString()} ${g.title}`);
  return { found: found.length, planted: planted.length, falseGroups, violations: violations.length };
}

/** NAB's standard score of the streaming detector on the shared corpus, or 'absent'. */
function nabScore(): string {
  const root = path.resolve(process.cwd(), '../shared/datasets/nab');
  if (!existsSync(path.join(root, 'data'))) return 'absent';
  const corpus = loadCorpus(path.join(root, 'data'));
  const windows = parseWindows(readFileSync(path.join(root, 'labels/combined_windows.json'), 'utf8'));
  const profiles = parseProfiles(readFileSync(path.join(root, 'config/profiles.json'), 'utf8'));
  const scores = corpus.map((f) => detectFile(f));
  return scoreAll(toNabFiles(corpus, scores, windows), profiles).standard.normalised.toFixed(2);
}

it('measures detection quality on the demo store and the young store', async () => {
  t = await buildTestApp();
  const demo = await measure('demo', generateStore({ seed: 42, end: END }));
  const young = await measure('young', generateYoungStore({ seed: 1, end: END }));
  const sum = (k: 'found' | 'planted' | 'violations') => demo[k] + young[k];
  const falseGroups = demo.falseGroups.length + young.falseGroups.length;
  const falseHigh = [...demo.falseGroups, ...young.falseGroups].filter((g) => g.severity === 'High').length;
  console.log(
    `quality planted_found=${sum('found')}/${sum('planted')} false_groups=${falseGroups} false_high=${falseHigh} violations=${sum('violations')} nab=${nabScore()}`,
  );
}, 3_600_000);

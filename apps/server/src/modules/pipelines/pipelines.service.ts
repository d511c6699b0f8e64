import {
  abnormalChange,
  formatValue,
  groupInsights,
  isMoneyMetric,
  moneyMetricOf,
  mostlyFromRootCause,
  rootCause,
  type Grain,
  type GroupableInsight,
  type RootCauseResult,
} from '@tidemark/detect';

import { currencySymbolOf, type StageStatus } from '@tidemark/contract';

import type { Queryable } from '../../db/client';

import { defineJob, type JobDefinition } from '../../jobs/queue';

import type { BaseContext } from '../../plugins/context';

import { notifyItems } from '../notifications';

import { buildPairs, pairCells, pairWindows } from './pairs';

import type { AnalysisOutput, InsightFinding } from './analysis';

import { carriedExpected, completeCount, fitInputOf } from './fit-carry';

import { matchInsights } from './insight-match';

import { retailHolidays } from './holidays';

import * as repo from './pipelines.repository';
import {
  PIPELINE_JOB,
  reportStage,
  requestExperienceEvents,
  requestOutageLinks,
  requestPipelineRun,
  workspacesOwingPipelines,
} from '../../jobs/stages';
import { tablesOfConnection, type WarehouseTable, SqlParams, metricPlanOfTable } from '../warehouse';

export const PIPELINE_SWEEP_JOB = 'pipelines.sweep';
/**
 * A minute past each quarter hour: catches what no series update asked for (edited metrics, failed runs) and
 * a last bucket that has just closed, in zones offset by 30 or 45 minutes too.
 */
export const PIPELINE_SWEEP_CRON = '1,16,31,46 * * * *';

type Ctx = BaseContext & { tenantId: number };

/** The format an insight's texts are written in: money metrics in their currency (issue 26 item 11). */
const textFormatOf = (m: repo.PipelineMetric): 'percentage' | 'number' | 'currency' =>
  m.shown_format === 'currency' ? 'currency' : m.kpi_format === 'percentage' ? 'percentage' : 'number';
const symbolOf = (m: repo.PipelineMetric, workspace: string): string =>
  currencySymbolOf(m.currency) ?? workspace;

export function pipelineJobs(base: BaseContext): JobDefinition<never>[] {
  return [
    defineJob<{ tenantId: number }>({
      name: PIPELINE_JOB,
      policy: 'stately',
      concurrency: 1,
      retryLimit: 3,
      async handler(job) {
        await runTenantPipelines({ ...base, tenantId: job.data.tenantId }, job.signal);
      },
    }) as JobDefinition<never>,
    defineJob<Record<string, never>>({
      name: PIPELINE_SWEEP_JOB,
      policy: 'stately',
      concurrency: 1,
      retryLimit: 1,
      async handler() {
        await requestMissingPipelineRuns(base);
      },
    }) as JobDefinition<never>,
  ];
}

/** Puts the quarter-hourly sweep on the schedule (idempotent: one schedule row by key). */
export async function schedulePipelineSweep(ctx: BaseContext): Promise<void> {
  await ctx.jobs.upsertSchedule({
    key: PIPELINE_SWEEP_JOB,
    name: PIPELINE_SWEEP_JOB,
    cron: PIPELINE_SWEEP_CRON,
    timezone: 'Etc/UTC',
    data: {},
  });
}

export class PipelineFailure extends Error {
  constructor(readonly failures: Array<{ kpiId: number; grain: string; reason: string }>) {
    super(
      `${failures.length} pipeline${failures.length === 1 ? '' : 's'} failed: ${failures
        .slice(0, 3)
        .map((f) => `metric ${f.kpiId} (${f.grain}): ${f.reason}`)
        .join('; ')}`,
    );
    this.name = 'PipelineFailure';
  }
}

// How far apart (in time) a new insight may be from a grouped one to join its group; as the engine's rule.
const NEAR_MS: Record<Grain, number> = {
  h: 3 * 3_600_000,
  d: 2 * 86_400_000,
  w: 14 * 86_400_000,
  m: 62 * 86_400_000,
};
const TABLE_FUNNEL = 'table:';

/**
 * Every active metric at every grain: the engine fits each series (in the CPU pool, under a time limit),
 * the fit is stored beside the series, findings become insights (updated in place when a re-run finds the
 * same one) and new insights join or form groups. Each metric × grain is written in one transaction; one
 * that fails is recorded with its reason and the job fails after the others ran, so it is retried.
 */
export async function runTenantPipelines(ctx: Ctx, signal?: AbortSignal): Promise<void> {
  const settings = await repo.tenantSettings(ctx.db, ctx.tenantId);
  // The money metric goes first: the others' money is read from its fit of the same window.
  const active = await repo.activeMetrics(ctx.db, ctx.tenantId);
  const money = moneyMetricOf(active);
  const metrics = active.sort(
    (a, b) => Number(b.kpi_id === money?.kpi_id) - Number(a.kpi_id === money?.kpi_id),
  );
  const tables = new Map((await tablesOfConnection({ ctx })).map((t) => [t.table_id, t]));
  const additive = await additiveMetrics(ctx, [...tables.values()]);
  const failures: Array<{ kpiId: number; grain: string; reason: string }> = [];
  const connections = new Set(metrics.map((m) => m.connection_id));
  // Insight generation is this stage's own: it reports it on each connection whose metrics it runs.
  const report = (connectionId: number, status: StageStatus, message: string | null) =>
    reportStage(ctx.db, {
      tenantId: ctx.tenantId,
      connectionId,
      stage: 'insight_generation',
      status,
      message,
    });
  for (const connectionId of connections) await report(connectionId, 'IN_PROGRESS', 'Generating insights');

  for (const metric of metrics) {
    // Timed data says how far it reaches: the end of the overall hourly series' newest hour, read with the
    // hourly rows (grainsOf puts 'h' first); a date column has none.
    let dataUntil: number | undefined;
    for (const grain of await repo.grainsOf(ctx.db, ctx.tenantId, metric.kpi_id)) {
      signal?.throwIfAborted();
      const started = Date.now();
      // Only hourly dimension values carry a fit forward (fit-carry.ts): the others need no last fit read.
      const rows = await repo.seriesOf(ctx.db, {
        tenantId: ctx.tenantId,
        kpiId: metric.kpi_id,
        grain,
        withLastFit: grain === 'h',
      });
      const newestHour = grain === 'h' ? rows.find((r) => r.dim_name === '')?.ts.at(-1) : undefined;
      if (newestHour !== undefined) dataUntil = newestHour + 3_600_000;
      // Nothing complete changed since the last fit (new data only in the filling bucket), and the metric's
      // settings are the same: nothing to redo.
      const settingsKey = metricKey(metric, additive.has(metric.kpi_id));
      // The last bucket counts once it has ended on the workspace's clock and the data reaches its end
      // (fit-carry.ts completeCount).
      const now = Date.now();
      const completes = rows.map((r) => completeCount(r.ts, grain, settings.timezone, now, dataUntil));
      const digests = rows.map((r, i) => fitInputOf(r, settingsKey, completes[i]));
      if (rows.length > 0 && rows.every((r, i) => r.fit_input === digests[i])) {
        await repo.markSeen(ctx.db, { tenantId: ctx.tenantId, kpiId: metric.kpi_id, grain });
        continue;
      }
      const span = rows.flatMap((r) => (r.ts.length ? [r.ts[0]!, r.ts.at(-1)!] : []));
      let analysisMs = 0;
      try {
        const analysing = Date.now();
        const output = await ctx.cpu.run(
          'pipelines.analyze-metric',
          {
            grain: grain as Grain,
            timezone: settings.timezone,
            currency_symbol: symbolOf(metric, settings.currency_symbol),
            metric: {
              kpi_id: String(metric.kpi_id),
              kpi_display_name: metric.kpi_display_name,
              kpi_format: textFormatOf(metric),
              accent: metric.accent,
              tier: Math.min(3, Math.max(1, metric.tier)) as 1 | 2 | 3,
              impact_to_topline: metric.impact_to_topline ?? undefined,
              is_derived: metric.is_derived,
              additive: additive.has(metric.kpi_id),
            },
            now,
            ...(dataUntil !== undefined ? { dataUntil } : {}),
            holidays: span.length
              ? retailHolidays(Math.min(...span), Math.max(...span) + 31 * 86_400_000, settings.timezone)
              : [],
            series: rows.map((r, i) => {
              const expected = carriedExpected(r, settingsKey, completes[i]);
              return {
                dim_name: r.dim_name,
                dim_val: r.dim_val,
                ts: r.ts,
                y: r.y,
                n: r.n.map(Number),
                ...(expected ? { expected } : {}),
              };
            }),
          },
          { signal },
        );
        analysisMs = Date.now() - analysing;
        const inputs = new Map(rows.map((r, i) => [`${r.dim_name}\u0000${r.dim_val}`, digests[i]!]));
        const drill: DrillDown = {
          table: tables.get(metric.table_id)!,
          timezone: settings.timezone,
          currency_symbol: symbolOf(metric, settings.currency_symbol),
          additive: additive.has(metric.kpi_id),
          format: textFormatOf(metric),
          newest: span.length ? Math.max(...span) : 0,
          eligible: new Set(
            output.findings
              .filter((f) => f.dim_name === '' && f.rootcause_input)
              .sort((a, b) => b.ts_end - a.ts_end)
              .slice(0, DRILL_DOWN_MAX),
          ),
        };
        const pricing: Pricing = {
          money,
          currency_symbol: settings.currency_symbol,
          grain: grain as Grain,
          series: new Map(),
        };
        const insightCount = await storeAnalysis(ctx, metric, grain as Grain, output, inputs, drill, pricing);
        await repo.recordRun(ctx.db, {
          tenantId: ctx.tenantId,
          kpiId: metric.kpi_id,
          grain,
          status: 'success',
          reason: null,
          seriesCount: rows.length,
          insightCount,
          durationMs: Date.now() - started,
          analysisMs,
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        ctx.log.warn({ kpiId: metric.kpi_id, grain, reason }, 'pipeline failed');
        failures.push({ kpiId: metric.kpi_id, grain, reason });
        await repo.recordRun(ctx.db, {
          tenantId: ctx.tenantId,
          kpiId: metric.kpi_id,
          grain,
          status: 'failure',
          reason,
          seriesCount: rows.length,
          insightCount: 0,
          durationMs: Date.now() - started,
          analysisMs,
        });
      }
    }
  }

  let grouped = 0;
  for (const grain of ['h', 'd', 'w', 'm'] as const) grouped += await groupNewInsights(ctx, grain);
  // Experience events read the fits just stored: their stage runs as its own job, retried on its own.
  await requestExperienceEvents(ctx, ctx.tenantId);
  // New or grown insight groups may be what a provider's outage cost: link them now rather than at the next
  // sweep. A run that grouped nothing changed no group's window, so there is nothing to re-link.
  if (grouped > 0) await requestOutageLinks(ctx, ctx.tenantId);

  for (const connectionId of connections) {
    if (failures.length)
      await report(connectionId, 'FAILED', "Some insights could not be generated; we'll try again shortly.");
    else await report(connectionId, 'SUCCESSFUL', null);
  }
  if (failures.length) throw new PipelineFailure(failures);
}

async function additiveMetrics(ctx: Ctx, tables: WarehouseTable[]): Promise<Set<number>> {
  const additive = new Set<number>();
  for (const table of tables) {
    if (!table.date_column) continue;
    const plan = await metricPlanOfTable(ctx, table, new SqlParams());
    for (const m of plan.metrics) if (m.additive) additive.add(m.kpiId);
  }
  return additive;
}

interface Pricing {
  money: repo.PipelineMetric | null;
  currency_symbol: string;
  grain: Grain;
  /** The money metric's series read in this analysis, by dimension value: many findings share one. */
  series: Map<string, Awaited<ReturnType<typeof repo.fittedSeries>>>;
}

/**
 * An insight's money: a money metric's own movement; another metric's is the money metric's movement out of
 * its band over the same window (the same dimension value when it has one), so one loss seen through several
 * metrics is counted once, as revenue. Without a money metric a metric with a value per unit is priced by
 * it, and its text says the figure is an estimate.
 */
async function priceFinding(
  db: Queryable,
  tenantId: number,
  finding: InsightFinding,
  metric: repo.PipelineMetric,
  pricing: Pricing,
): Promise<number | null> {
  if (!Number.isFinite(finding.deviation)) return null;
  if (isMoneyMetric(metric)) return finding.deviation * (metric.dollar_impact ?? 1);
  if (metric.dollar_impact === null) return null;
  const direction = finding.draft.pattern_direction;
  if (pricing.money) {
    const read = async (dimName: string, dimVal: string) => {
      const id = `${dimName}\u0000${dimVal}`;
      if (!pricing.series.has(id))
        pricing.series.set(
          id,
          await repo.fittedSeries(db, {
            tenantId,
            kpiId: pricing.money!.kpi_id,
            grain: pricing.grain,
            dimName,
            dimVal,
          }),
        );
      return pricing.series.get(id) ?? null;
    };
    const series =
      (finding.dim_name ? await read(finding.dim_name, finding.dim_val) : null) ?? (await read('', ''));
    if (series) return abnormalChange(series, finding.ts_start, finding.ts_end, direction);
  }
  const estimate = finding.deviation * metric.dollar_impact;
  const text = formatValue(Math.abs(estimate), 'currency', pricing.currency_symbol);
  const per = formatValue(metric.dollar_impact, 'currency', pricing.currency_symbol);
  finding.draft.insight_summary += ` About ${text} ${estimate < 0 ? 'lost' : 'gained'}: an estimate at ${per} per ${metric.kpi_display_name.toLowerCase()}, as no revenue metric is set up.`;
  return estimate;
}

function write(finding: InsightFinding, money: number | null): repo.InsightWrite {
  return {
    dollar_impact: money,
    dim_name: finding.dim_name,
    dim_val: finding.dim_val,
    pattern_type: finding.draft.pattern_type,
    direction: finding.draft.pattern_direction,
    insight_ts: new Date(finding.ts_start),
    ts_end: new Date(finding.ts_end),
    severity: finding.draft.insight_severity,
    severity_score: Number.isFinite(finding.severity_score) ? finding.severity_score : 0,
    accent: finding.draft.accent,
    draft: finding.draft,
    rootcause: finding.rootcause,
  };
}

/** Fits and insights of one metric at one grain, in one transaction: a failure leaves nothing half-written. */
async function storeAnalysis(
  ctx: Ctx,
  metric: repo.PipelineMetric,
  grain: Grain,
  output: AnalysisOutput,
  inputs: Map<string, string>,
  drill: DrillDown,
  pricing: Pricing,
): Promise<number> {
  const kpiId = metric.kpi_id;
  return ctx.db.transaction(async (tx) => {
    for (const fit of output.fits) {
      const fitInput = inputs.get(`${fit.dim_name}\u0000${fit.dim_val}`) ?? null;
      await repo.storeFit(tx, { tenantId: ctx.tenantId, kpiId, grain, fit, fitInput });
    }
    // A finding updates the stored insight it describes (its id, notes, state and group stay), matched by
    // the time both cover rather than by exact bucket starts, which move when the store's zone changes.
    const existing = await repo.insightsOfSeries(tx, { tenantId: ctx.tenantId, kpiId, grain });
    const matches = matchInsights(
      grain,
      output.findings.map((f) => ({
        dim_name: f.dim_name,
        dim_val: f.dim_val,
        pattern_type: f.draft.pattern_type,
        direction: f.draft.pattern_direction,
        start: f.ts_start,
        end: f.ts_end,
      })),
      existing.map((e) => ({ ...e, start: e.insight_ts.getTime(), end: e.ts_end.getTime() })),
    );
    for (const [index, finding] of output.findings.entries()) {
      const match = matches[index];
      await addDrillDown(ctx, metric.kpi_id, grain, finding, match?.rootcause ?? null, drill);
      const money = await priceFinding(tx, ctx.tenantId, finding, metric, pricing);
      if (match) {
        await repo.updateInsight(tx, {
          tenantId: ctx.tenantId,
          insightId: match.insight_id,
          insight: write(finding, money),
        });
      } else {
        await repo.insertInsight(tx, {
          tenantId: ctx.tenantId,
          kpiId,
          grain,
          insight: write(finding, money),
        });
      }
    }
    return output.findings.length;
  });
}

interface DrillDown {
  table: WarehouseTable;
  timezone: string;
  currency_symbol: string;
  additive: boolean;
  format: 'percentage' | 'number' | 'currency';
  /** The series' newest bucket (epoch ms): "recent" is measured from the data, not the clock. */
  newest: number;
  /** Overall findings that may read pair data in this run (the newest ones). */
  eligible: Set<InsightFinding>;
}

/**
 * Drill-downs are read for recent insights only (older ones are history, and each costs a warehouse read):
 * the DRILL_DOWN_MAX newest of the last DRILL_DOWN_DAYS per metric and grain, once per insight (again only
 * when another value comes to lead its root cause).
 */
const DRILL_DOWN_DAYS = 120;
const DRILL_DOWN_MAX = 5;

const topOf = (rc: RootCauseResult | null) => {
  const d = rc?.rootcause_data[0]?.rootcause_details[0];
  return d ? `${d.dim_name}=${d.dim_val}` : null;
};

/**
 * The new first level with the stored drill-downs, when the same value still leads: new data moves the
 * figures a little on every run, and re-reading the pairs each time would cost a warehouse read per insight.
 */
function keepDrillDowns(rc: RootCauseResult, stored: RootCauseResult | null): RootCauseResult | null {
  if (!stored || stored.status !== 'ok' || topOf(stored) !== topOf(rc)) return null;
  const drills = stored.rootcause_data.filter((g) => g.level === 1);
  if (drills.length === 0) return null;
  const groups = new Set(drills.map((g) => g.group));
  return {
    ...rc,
    rootcause_data: [
      ...rc.rootcause_data.map((g) => ({
        ...g,
        rootcause_details: g.rootcause_details.map((d) => {
          const group = `${d.dim_name}=${d.dim_val}`;
          return groups.has(group) ? { ...d, drill_down_group: group } : d;
        }),
      })),
      ...drills,
    ],
  };
}

/**
 * Adds one level of drill-down to an overall insight's root cause (its top value split by each other
 * dimension), and names the pair in the insight's text ("mostly Mobile in US"). A re-run whose leading value
 * is unchanged keeps the stored drill-down (or its lack of one) instead of reading the warehouse again, so
 * an incremental update reads pairs only for new insights.
 */
async function addDrillDown(
  ctx: Ctx,
  kpiId: number,
  grain: Grain,
  finding: InsightFinding,
  stored: RootCauseResult | null,
  drill: DrillDown,
): Promise<void> {
  const rc = finding.rootcause;
  const input = finding.rootcause_input;
  if (finding.dim_name !== '' || !rc || rc.status !== 'ok' || !input) return;
  const top = rc.rootcause_data[0];
  if (!top) return;
  const sameLeader = !!stored && stored.status === 'ok' && topOf(stored) === topOf(rc);
  let result = keepDrillDowns(rc, stored);
  if (!result) {
    if (sameLeader) return;
    if (!drill.eligible.has(finding) || finding.ts_end < drill.newest - DRILL_DOWN_DAYS * 86_400_000) return;
    const req = {
      grain,
      patternType: finding.draft.pattern_type,
      tsStart: finding.ts_start,
      tsEnd: finding.ts_end,
      additive: drill.additive,
      rootcause: rc,
    };
    const cells = await pairCells(ctx, {
      table: drill.table,
      kpiId,
      timezone: drill.timezone,
      dimName: top.dim_name,
      windows: pairWindows(req),
    });
    const pairs = buildPairs(req, top.dim_name, cells);
    if (pairs.length === 0) return;
    result = rootCause({
      dimensions: input,
      pairs,
      format: drill.format,
      currency_symbol: drill.currency_symbol,
    });
  }
  if (!result || result.status !== 'ok') return;
  const before = mostlyFromRootCause(rc);
  const after = mostlyFromRootCause(result);
  finding.rootcause = result;
  if (before && after && before !== after) {
    const draft = finding.draft;
    draft.insight_title = draft.insight_title.replace(`mostly ${before}`, `mostly ${after}`);
    draft.insight_summary = draft.insight_summary.replace(`came from ${before}.`, `came from ${after}.`);
  }
}

const groupableOf = (tenantId: number, r: repo.GroupingRow): GroupableInsight => ({
  ...r.draft,
  insight_id: String(r.insight_id),
  tenant_id: String(tenantId),
  dim_name: r.dim_name || null,
  dim_val: r.dim_val || null,
  impact_to_topline: r.impact_to_topline ?? undefined,
  // Metrics of one source table that move together belong together, as a funnel's do.
  funnel: `${TABLE_FUNNEL}${r.table_id}`,
});

const withoutTableFunnels = <T extends { funnels: string[] }>(draft: T): T => ({
  ...draft,
  funnels: draft.funnels.filter((f) => !f.startsWith(TABLE_FUNNEL)),
});

/**
 * Groups whose members moved take their window and wording from them again: after a change of the store's
 * time zone every member starts at another instant, and the group must not stay on the old one (nor read
 * as another day). Answers how many groups moved.
 */
async function refreshMovedGroups(ctx: Ctx, tx: Queryable, grain: Grain): Promise<number> {
  const rows = await repo.membersOfMovedGroups(tx, { tenantId: ctx.tenantId, grain });
  const byGroup = new Map<number, repo.GroupingRow[]>();
  for (const r of rows) byGroup.set(r.group_id, [...(byGroup.get(r.group_id) ?? []), r]);
  for (const [groupId, members] of byGroup) {
    const times = members.map((m) => m.insight_ts.getTime());
    // Members no longer close enough to read as one group keep the group's wording; only its window moves.
    const [draft, ...more] = groupInsights(members.map((m) => groupableOf(ctx.tenantId, m)));
    const whole = draft && more.length === 0 ? withoutTableFunnels(draft) : null;
    await repo.refreshGroup(tx, {
      tenantId: ctx.tenantId,
      groupId,
      draft: whole,
      tsStart: new Date(Math.min(...times)),
      tsEnd: new Date(Math.max(...times)),
      topKpiId: whole ? Number(whole.top_kpi_id) : null,
    });
  }
  return byGroup.size;
}

/**
 * New insights join the group of a related insight near them, or form groups of their own; groups whose
 * members moved follow them first. Answers how many groups were created, grown or moved.
 */
async function groupNewInsights(ctx: Ctx, grain: Grain): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const moved = await refreshMovedGroups(ctx, tx, grain);
    const rows = await repo.insightsToGroup(tx, { tenantId: ctx.tenantId, grain, nearMs: NEAR_MS[grain] });
    if (!rows.some((r) => r.group_id === null)) {
      await repo.refreshGroupImpact(tx, ctx.tenantId, grain);
      return moved;
    }
    const byId = new Map(rows.map((r) => [String(r.insight_id), r]));
    const touched: number[] = [];
    const groupable = rows.map((r) => groupableOf(ctx.tenantId, r));
    for (const grouped of groupInsights(groupable)) {
      const draft = withoutTableFunnels(grouped);
      const members = draft.insights.map((id) => byId.get(id)!);
      const fresh = members.filter((m) => m.group_id === null).map((m) => m.insight_id);
      if (fresh.length === 0) continue;
      const groupIds = members.map((m) => m.group_id).filter((g): g is number => g !== null);
      const common = {
        draft,
        severity: draft.group_severity,
        tsStart: draft.group_ts_start,
        tsEnd: draft.group_ts_end,
        topKpiId: Number(draft.top_kpi_id),
      };
      if (groupIds.length) {
        const groupId = Math.min(...groupIds);
        await repo.updateGroup(tx, { tenantId: ctx.tenantId, groupId, ...common });
        await repo.assignGroup(tx, ctx.tenantId, groupId, fresh);
        touched.push(groupId);
      } else {
        const created = await repo.createGroup(tx, {
          tenantId: ctx.tenantId,
          grain,
          ...common,
          dimName: draft.dim_val ? (members.find((m) => m.dim_val === draft.dim_val)?.dim_name ?? '') : '',
          dimVal: draft.dim_val ?? '',
          insightIds: fresh,
        });
        touched.push(created);
      }
    }
    await repo.refreshGroupImpact(tx, ctx.tenantId, grain);
    // New and grown groups alert in this same transaction (an outbox row each); escalations only re-alert.
    await notifyItems({ ctx, tx, input: { tenantId: ctx.tenantId, kind: 'insight_group', ids: touched } });
    return touched.length + moved;
  });
}

/**
 * At start and every hour: workspaces with series updated since a pipeline last looked at them, metrics
 * edited since their last run, or a run that failed (its job's retries may all have run out).
 */
export async function requestMissingPipelineRuns(ctx: BaseContext): Promise<void> {
  for (const tenantId of await workspacesOwingPipelines(ctx)) await requestPipelineRun(ctx, tenantId);
}

/** The metric's settings that shape its insights: an edit makes the next run analyse again. */
function metricKey(metric: repo.PipelineMetric, additive: boolean): string {
  return JSON.stringify([
    metric.kpi_display_name,
    metric.kpi_format,
    metric.accent,
    metric.tier,
    metric.impact_to_topline,
    metric.dollar_impact,
    metric.is_derived,
    additive,
  ]);
}

import {
  EXPLORER_MAX_SERIES,
  EXPLORER_MESSAGES,
  EXPLORER_STATEMENT_TIMEOUT_MS,
  EXPLORER_URL_TTL_SECONDS,
  type CreateExplorerViewBody,
  type ExplorerCatalog,
  type ExplorerQueryBody,
  type ExplorerQueryResponse,
  type ExplorerSeries,
  type ExplorerView,
  type SeriesPoint,
  type SeriesSchedule,
} from '@tidemark/contract';

import { z } from 'zod';

import { createHash } from 'node:crypto';

import { signToken, verifyToken } from '../../crypto/signed-token';

import { AppError } from '../../errors';

import type { BaseContext, TenantContext } from '../../plugins/context';

import { dimensionValues } from '../metrics';
import { findDemoTenant } from '../tenants';

import { liveApiKeyScope } from '../apikeys';

import {
  chooseGrain,
  chooseSource,
  comparisonRange,
  localMidnight,
  resolveRange,
  scopedFilters,
  type LocalRange,
  type Scope,
} from './explorer.plan';

import { valuesInScopeStatement, warehouseStatement, type WarehouseRow } from './explorer.sql';

import * as repo from './explorer.repository';
import {
  tablesOfConnection,
  type WarehouseTable,
  SqlParams,
  dimensionValueSql,
  metricPlanOfTable,
  quoteIdent,
} from '../warehouse';

const TOKEN_PURPOSE = 'explorer-url';

/**
 * What an explorer URL carries: workspace, maker, demo mode, the pinned dimension value, and what it lives
 * by: the API key it was made with (k, read-only) or a tag of the browser session that made it (h).
 */
const TokenPayloadSchema = z.union([
  z.object({
    t: z.number().int().positive(),
    u: z.number().int().nonnegative(),
    d: z.boolean(),
    s: z.tuple([z.string(), z.string()]).nullable(),
    k: z.number().int().positive(),
    exp: z.number(),
  }),
  z.object({
    t: z.number().int().positive(),
    u: z.number().int().positive(),
    d: z.boolean(),
    s: z.tuple([z.string(), z.string()]).nullable(),
    h: z.string().length(43),
    exp: z.number(),
  }),
]);

/** Names a session without revealing its hash: the link is shared and framed, the session must stay secret. */
export const sessionTag = (sessionHash: string) =>
  createHash('sha256').update(`explorer-url:${sessionHash}`).digest('base64url');

const forbidden = (message: string) => new AppError('forbidden', message);
const noDataCubes = () => new AppError('not_found', EXPLORER_MESSAGES.noDataCubes);
const readOnlyLink = (ctx: ExplorerContext) =>
  forbidden(ctx.operatorView ? EXPLORER_MESSAGES.operatorLink : EXPLORER_MESSAGES.readOnlyLink);

/** A call made with an explorer URL's token: the workspace it reads and the value it is pinned to. */
export interface ExplorerContext extends TenantContext {
  scope: Scope | null;
  /** Made with an API key (reads only, like the key), or by an operator viewing a customer (operators view). */
  readOnly: boolean;
  operatorView: boolean;
  expiresAt: Date;
  timezone: string;
}

/**
 * Spec 1 §7 data-explorers/generate-url: a URL of the explorer page whose fragment holds a token signed
 * with the server secret, valid for EXPLORER_URL_TTL_SECONDS, for the request's workspace and the applied
 * global filter. The all-customers workspace opens the demo workspace's explorer (spec 1 §9). A fragment
 * never reaches a server, a log or a Referer header.
 */
export async function generateExplorerUrl({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { secret: string; dim_name?: string | undefined; dim_val?: string | undefined };
}): Promise<{ data_explorer_url: string }> {
  const tenant = await repo.findTenant(ctx.db, ctx.tenantId);
  if (!tenant) throw noDataCubes();
  let target = tenant.tenant_id;
  let isDemo = ctx.isDemo;
  if (tenant.is_all_customers) {
    const demo = await findDemoTenant({ ctx });
    if (!demo) throw noDataCubes();
    target = demo.tenant_id;
    isDemo = true;
  }
  if ((await repo.activeMetrics(ctx.db, target)).length === 0) throw noDataCubes();
  const key = ctx.user.apiKey;
  // A key's own scope wins over anything the query names.
  const asked =
    key?.scope ??
    (input.dim_name && input.dim_val ? { dimName: input.dim_name, dimVal: input.dim_val } : null);
  let scope: [string, string] | null = null;
  if (asked) {
    const dims = await repo.dimensionColumns(ctx.db, target);
    if (!dims.some((d) => d.name === asked.dimName))
      throw new AppError('bad_request', EXPLORER_MESSAGES.unknownDimension(asked.dimName));
    scope = [asked.dimName, asked.dimVal];
  }
  const lifeline = key ? { k: key.keyId } : { h: sessionTag(ctx.user.sessionHash) };
  const { token } = signToken(
    input.secret,
    TOKEN_PURPOSE,
    { t: target, u: ctx.user.userId, d: isDemo, s: scope, ...lifeline },
    EXPLORER_URL_TTL_SECONDS,
  );
  return { data_explorer_url: `${ctx.config.publicUrl}/embed/explorer#token=${token}` };
}

/**
 * The context of a call made with an explorer token. Tampered, malformed and expired tokens are refused
 * with 403, and so is a token whose maker has since lost access to its workspace, whose session has signed
 * out, or whose API key has been revoked.
 */
export async function explorerContext(
  base: BaseContext,
  secret: string,
  token: string | undefined,
): Promise<ExplorerContext> {
  if (!token) throw forbidden(EXPLORER_MESSAGES.linkMissing);
  const check = verifyToken(secret, TOKEN_PURPOSE, token);
  if (!check.ok)
    throw forbidden(
      check.reason === 'expired' ? EXPLORER_MESSAGES.linkExpired : EXPLORER_MESSAGES.linkInvalid,
    );
  const parsed = TokenPayloadSchema.safeParse(check.payload);
  if (!parsed.success) throw forbidden(EXPLORER_MESSAGES.linkInvalid);
  const { t, u, d, exp } = parsed.data;
  let s = parsed.data.s;
  const tenant = await repo.findTenant(base.db, t);
  if (!tenant) throw forbidden(EXPLORER_MESSAGES.linkInvalid);
  let user: repo.ExplorerUserRow | undefined;
  if ('k' in parsed.data) {
    // A key acts for its workspace whoever made it; the link lives as long as the key.
    const key = await liveApiKeyScope({ ctx: base, input: { tenantId: t, keyId: parsed.data.k } });
    if (!key || d) throw forbidden(EXPLORER_MESSAGES.linkKeyRevoked);
    s = key.scope ? [key.scope.dimName, key.scope.dimVal] : null;
    user = (await repo.findUserFor(base.db, u, t)) ?? {
      user_id: 0,
      user_uuid: '',
      email: '',
      tenant_id: t,
      is_operator: false,
      is_member: true,
    };
  } else {
    const tag = parsed.data.h;
    const [maker, sessions] = await Promise.all([
      repo.findUserFor(base.db, u, t),
      repo.liveSessionHashes(base.db, u),
    ]);
    if (!maker) throw forbidden(EXPLORER_MESSAGES.linkInvalid);
    const allowed = d ? tenant.is_demo : maker.is_operator || maker.is_member;
    if (!allowed) throw forbidden(EXPLORER_MESSAGES.linkInvalid);
    if (!sessions.some((h) => sessionTag(h) === tag)) throw forbidden(EXPLORER_MESSAGES.linkSignedOut);
    user = maker;
  }
  // Demo views are private to their maker, so an operator may keep some there.
  const operatorView = !('k' in parsed.data) && !d && user.is_operator && !user.is_member;
  let scope: Scope | null = null;
  if (s) {
    const dims = await repo.dimensionColumns(base.db, t);
    scope = {
      dimName: s[0],
      dimVal: s[1],
      dimDisplayName: dims.find((x) => x.name === s[0])?.display_name ?? s[0],
    };
  }
  return {
    ...base,
    tenantId: t,
    isDemo: d,
    user: {
      userId: user.user_id,
      userUuid: user.user_uuid,
      email: user.email,
      tenantId: user.tenant_id,
      isOperator: user.is_operator,
      sessionHash: '',
    },
    scope,
    readOnly: 'k' in parsed.data || operatorView,
    operatorView,
    expiresAt: new Date(exp * 1000),
    timezone: tenant.timezone,
  };
}

interface Model {
  metrics: repo.ExplorerMetricRow[];
  dims: repo.DimensionColumnRow[];
  tables: Map<number, WarehouseTable>;
}

async function loadModel(ctx: ExplorerContext): Promise<Model> {
  const [metrics, dims, tables] = await Promise.all([
    repo.activeMetrics(ctx.db, ctx.tenantId),
    repo.dimensionColumns(ctx.db, ctx.tenantId),
    tablesOfConnection({ ctx }),
  ]);
  return { metrics, dims, tables: new Map(tables.map((t) => [t.table_id, t])) };
}

const dimsOfTable = (model: Model, tableId: number) => model.dims.filter((d) => d.table_id === tableId);
const hasHours = (table: WarehouseTable | undefined) =>
  table?.columns.find((c) => c.field_name === table.date_column)?.data_type !== 'date';

/** What the page may offer: metrics (those the scope's dimension can filter), dimensions and their values. */
export async function explorerCatalog({ ctx }: { ctx: ExplorerContext }): Promise<ExplorerCatalog> {
  const model = await loadModel(ctx);
  const tenant = await repo.findTenant(ctx.db, ctx.tenantId);
  const metrics = model.metrics
    .map((m) => ({ metric: m, dims: dimsOfTable(model, m.table_id).map((d) => d.name) }))
    .filter(({ dims }) => !ctx.scope || dims.includes(ctx.scope.dimName));
  const seen = new Map<string, repo.DimensionColumnRow>();
  for (const d of model.dims) if (!seen.has(d.name)) seen.set(d.name, d);
  const dimensions = [];
  for (const d of seen.values()) {
    let values = [ctx.scope?.dimVal ?? ''];
    if (ctx.scope?.dimName !== d.name) {
      values = (await dimensionValues({ ctx, input: { id: d.dimension_id } })).data;
      if (ctx.scope) {
        const inScope = await valuesInScope(ctx, ctx.scope, model, d.name);
        values = values.filter((v) => inScope.has(v));
      }
    }
    dimensions.push({ name: d.name, display_name: d.display_name, values });
  }
  const bounds = await repo.dataBounds(ctx.db, ctx.tenantId);
  return {
    workspace: {
      display_name: tenant?.display_name ?? '',
      timezone: ctx.timezone,
      currency_symbol: tenant?.currency_symbol ?? '$',
      is_demo: ctx.isDemo,
    },
    scope: ctx.scope
      ? { dim_name: ctx.scope.dimName, dim_display_name: ctx.scope.dimDisplayName, dim_val: ctx.scope.dimVal }
      : null,
    read_only: ctx.readOnly,
    expires_at: ctx.expiresAt.toISOString(),
    metrics: metrics.map(({ metric, dims }) => ({
      kpi_id: String(metric.kpi_id),
      kpi_display_name: metric.kpi_display_name,
      kpi_format: metric.kpi_format,
      dimensions: dims,
      grains: hasHours(model.tables.get(metric.table_id)) ? ['h', 'd', 'w', 'm'] : ['d', 'w', 'm'],
    })),
    dimensions,
    data_start: bounds.first?.toISOString() ?? null,
    data_end: bounds.last?.toISOString() ?? null,
  };
}

/** A dimension's values among the scope's rows, over every table that has both columns. */
async function valuesInScope(ctx: ExplorerContext, scope: Scope, model: Model, name: string) {
  const found = new Set<string>();
  for (const [tableId, table] of model.tables) {
    const own = dimsOfTable(model, tableId);
    const dim = own.find((x) => x.name === name);
    const scoped = own.find((x) => x.name === scope.dimName);
    if (!dim || !scoped) continue;
    const params = new SqlParams();
    const valueSql = await dimensionValueSql(ctx, dim.dimension_id, quoteIdent(dim.field_name), params);
    const scopeSql = await dimensionValueSql(ctx, scoped.dimension_id, quoteIdent(scoped.field_name), params);
    const [sql, values] = valuesInScopeStatement({
      table,
      params,
      valueSql,
      scopeSql,
      scopeValue: scope.dimVal,
    });
    for (const row of await runGuarded(ctx, sql, values)) found.add(String(row.v));
  }
  return found;
}

/** One line before it is laid on the bucket grid: values by bucket start (UTC ISO text). */
interface RawSeries {
  metric: repo.ExplorerMetricRow;
  split: Array<{ dim_name: string; dim_val: string }>;
  values: Map<string, { y: number | null; yhat: number | null; lower: number | null; upper: number | null }>;
}

const seriesKey = (kpiId: number, split: Array<{ dim_val: string }>) =>
  [String(kpiId), ...split.map((s) => s.dim_val)].join('\u001f');

/**
 * Runs one explorer question. The scope's value is always among the filters; the grain is coarsened when
 * the range holds too many of its buckets; the stored series answer when they hold the split asked for
 * (with the expected band), the warehouse rows otherwise, under a statement timeout.
 */
export async function runExplorerQuery({
  ctx,
  input,
  now = Date.now(),
}: {
  ctx: ExplorerContext;
  input: ExplorerQueryBody;
  now?: number;
}): Promise<ExplorerQueryResponse> {
  const model = await loadModel(ctx);
  const { metrics, splitBy, filters } = questionOf(ctx, model, input);
  const dailyOnly = metrics.find((m) => !hasHours(model.tables.get(m.table_id)));
  const choice = chooseGrain(resolveRange(input.range, ctx.timezone, now), input.grain, {
    hourly: !dailyOnly,
    ...(dailyOnly ? { dailyOnlyMetric: dailyOnly.kpi_display_name } : {}),
  });
  const notices = [...choice.notices];
  const earlier = comparisonRange(choice.range, choice.grain, input.compare);
  const source = chooseSource(splitBy, filters);
  const window = (range: LocalRange) => ({ ...range, grain: choice.grain, timezone: ctx.timezone });
  const [grid, earlierGrid] = await Promise.all([
    repo.bucketGrid(ctx.db, {
      startLocal: localMidnight(choice.range.start),
      endLocal: localMidnight(choice.range.end),
      grain: choice.grain,
      timezone: ctx.timezone,
    }),
    earlier
      ? repo.bucketGrid(ctx.db, {
          startLocal: localMidnight(earlier.start),
          endLocal: localMidnight(earlier.end),
          grain: choice.grain,
          timezone: ctx.timezone,
        })
      : Promise.resolve([]),
  ]);
  const read = (range: LocalRange, bucketStarts: string[]) =>
    source.kind === 'series'
      ? readFromSeries(ctx, {
          metrics,
          grain: choice.grain,
          dimName: source.dimName,
          dimVals: source.dimVals,
          grid: bucketStarts,
        })
      : readFromWarehouse(ctx, model, { metrics, splitBy, filters, window: window(range) });
  const main = await read(choice.range, grid);
  const before = earlier ? await read(earlier, earlierGrid) : [];

  // The largest lines first; past EXPLORER_MAX_SERIES the rest are left out, and the answer says so.
  const total = (s: RawSeries) => [...s.values.values()].reduce((sum, v) => sum + Math.abs(v.y ?? 0), 0);
  const ranked = [...main].sort((a, b) => total(b) - total(a));
  const kept = ranked.slice(0, EXPLORER_MAX_SERIES);
  if (ranked.length > kept.length) notices.push(EXPLORER_MESSAGES.tooManySeries(kept.length, ranked.length));
  // Lines in the order the metrics were picked, then by size.
  kept.sort((a, b) => metrics.indexOf(a.metric) - metrics.indexOf(b.metric) || total(b) - total(a));
  const earlierByKey = new Map(before.map((s) => [seriesKey(s.metric.kpi_id, s.split), s]));

  const bandAvailable = source.kind === 'series' && input.band;
  if (input.band && source.kind === 'warehouse') notices.push(EXPLORER_MESSAGES.bandUnavailable);
  const series = kept.map((s) =>
    shapeSeries(s, {
      model,
      metrics,
      grid,
      earlierGrid,
      earlier: earlier ? earlierByKey : null,
      bandAvailable,
    }),
  );
  if (
    bandAvailable &&
    series.length > 0 &&
    series.every((s) => s.points.every((p) => p.result.yhat === null))
  )
    notices.push(EXPLORER_MESSAGES.noBandYet);

  return {
    grain: choice.grain,
    requested_grain: input.grain,
    start: instantOf(grid, 0) ?? new Date(`${choice.range.start}T00:00:00Z`).toISOString(),
    end: endOf(grid, choice.grain),
    comparison_start: earlier ? (instantOf(earlierGrid, 0) ?? null) : null,
    comparison_end: earlier ? endOf(earlierGrid, choice.grain) : null,
    timezone: ctx.timezone,
    source: source.kind,
    band_available: bandAvailable,
    notices,
    series,
    omitted_series: ranked.length - kept.length,
  };
}

/** The question's metrics, split and filters, checked against the workspace's model and the URL's scope. */
function questionOf(ctx: ExplorerContext, model: Model, input: ExplorerQueryBody) {
  if (input.metrics.length === 0) throw new AppError('bad_request', EXPLORER_MESSAGES.pickMetric);
  const metrics = [...new Set(input.metrics)].map((id) => {
    const metric = model.metrics.find((m) => String(m.kpi_id) === id);
    if (!metric) throw new AppError('bad_request', EXPLORER_MESSAGES.unknownMetric);
    return metric;
  });
  const splitBy = [...new Set(input.split_by)];
  const filters = scopedFilters(input.filters, ctx.scope);
  const named = new Set([...splitBy, ...filters.map((f) => f.dim_name)]);
  for (const name of named) {
    if (!model.dims.some((d) => d.name === name))
      throw new AppError('bad_request', EXPLORER_MESSAGES.unknownDimension(name));
  }
  for (const metric of metrics) {
    const own = dimsOfTable(model, metric.table_id);
    for (const name of named) {
      if (own.some((d) => d.name === name)) continue;
      const display = model.dims.find((d) => d.name === name)!.display_name;
      // A scoped URL reads nothing outside its value: a metric its dimension cannot filter is out of scope.
      if (ctx.scope?.dimName === name)
        throw forbidden(EXPLORER_MESSAGES.outOfScope(ctx.scope.dimDisplayName, ctx.scope.dimVal));
      throw new AppError('bad_request', EXPLORER_MESSAGES.notOnMetric(display, metric.kpi_display_name));
    }
  }
  return { metrics, splitBy, filters };
}

/** One line of the answer on the grid: its points (with the band when the series hold one) and comparison. */
function shapeSeries(
  s: RawSeries,
  c: {
    model: Model;
    metrics: repo.ExplorerMetricRow[];
    grid: string[];
    earlierGrid: string[];
    earlier: Map<string, RawSeries> | null;
    bandAvailable: boolean;
  },
): ExplorerSeries {
  const { model, metrics, grid, earlierGrid, earlier, bandAvailable } = c;
  const points: SeriesPoint[] = grid.map((ts) => {
    const v = s.values.get(ts);
    const y = v?.y ?? null;
    const lower = bandAvailable ? (v?.lower ?? null) : null;
    const upper = bandAvailable ? (v?.upper ?? null) : null;
    return {
      timestamp: ts,
      result: {
        y,
        yhat: bandAvailable ? (v?.yhat ?? null) : null,
        yhat_lower: lower,
        yhat_upper: upper,
        anomaly:
          y !== null && lower !== null && upper !== null && (y < lower || y > upper) ? 'True' : 'False',
      },
    };
  });
  const prior = earlier?.get(seriesKey(s.metric.kpi_id, s.split));
  return {
    key: seriesKey(s.metric.kpi_id, s.split),
    label: [
      ...(metrics.length > 1 || s.split.length === 0 ? [s.metric.kpi_display_name] : []),
      ...s.split.map((p) => p.dim_val),
    ].join(' · '),
    kpi_id: String(s.metric.kpi_id),
    kpi_display_name: s.metric.kpi_display_name,
    kpi_format: s.metric.kpi_format,
    split: s.split.map((p) => ({
      ...p,
      dim_display_name: model.dims.find((d) => d.name === p.dim_name)?.display_name ?? p.dim_name,
    })),
    points,
    // Bucket i of the earlier window is drawn under bucket i of this one.
    comparison: earlier
      ? grid.map((ts, i) => {
          const compared = earlierGrid[i] ?? null;
          return {
            timestamp: ts,
            compared_timestamp: compared ?? '',
            y: compared ? (prior?.values.get(compared)?.y ?? null) : null,
          };
        })
      : null,
  };
}

const instantOf = (grid: string[], i: number) => grid[i];
const STEP_MS: Record<SeriesSchedule, number> = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000, m: 0 };
/** The end of the last bucket (approximate for months: the answer's text, not a computation input). */
function endOf(grid: string[], grain: SeriesSchedule): string {
  const last = grid[grid.length - 1];
  if (!last) return new Date(0).toISOString();
  const d = new Date(last);
  if (grain === 'm') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setTime(d.getTime() + STEP_MS[grain]);
  return d.toISOString();
}

async function readFromSeries(
  ctx: ExplorerContext,
  input: {
    metrics: repo.ExplorerMetricRow[];
    grain: SeriesSchedule;
    dimName: string;
    dimVals: string[] | null;
    grid: string[];
  },
): Promise<RawSeries[]> {
  if (input.grid.length === 0) return [];
  const rows = await repo.readStoredSeries(ctx.db, {
    tenantId: ctx.tenantId,
    kpiIds: input.metrics.map((m) => m.kpi_id),
    grain: input.grain,
    dimName: input.dimName,
    dimVals: input.dimVals,
    start: input.grid[0]!,
    end: endOf(input.grid, input.grain),
  });
  const byKey = new Map<string, RawSeries>();
  for (const row of rows) {
    const metric = input.metrics.find((m) => m.kpi_id === row.kpi_id)!;
    const split = row.dim_name ? [{ dim_name: row.dim_name, dim_val: row.dim_val }] : [];
    const key = seriesKey(row.kpi_id, split);
    let series = byKey.get(key);
    if (!series) {
      series = { metric, split, values: new Map() };
      byKey.set(key, series);
    }
    series.values.set(row.ts, { y: row.value, yhat: row.yhat, lower: row.lower, upper: row.upper });
  }
  return [...byKey.values()];
}

async function readFromWarehouse(
  ctx: ExplorerContext,
  model: Model,
  input: {
    metrics: repo.ExplorerMetricRow[];
    splitBy: string[];
    filters: Array<{ dim_name: string; values: string[] }>;
    window: LocalRange & { grain: SeriesSchedule; timezone: string };
  },
): Promise<RawSeries[]> {
  const out: RawSeries[] = [];
  const tableIds = [...new Set(input.metrics.map((m) => m.table_id))];
  for (const tableId of tableIds) {
    const table = model.tables.get(tableId);
    if (!table?.date_column) continue;
    const chosen = input.metrics.filter((m) => m.table_id === tableId);
    const params = new SqlParams();
    const plan = await metricPlanOfTable(ctx, table, params);
    const column = (name: string) => dimsOfTable(model, tableId).find((d) => d.name === name)!;
    const valueSql = (name: string) => {
      const d = column(name);
      return dimensionValueSql(ctx, d.dimension_id, quoteIdent(d.field_name), params);
    };
    const splits: Array<{ sql: string; column: string }> = [];
    for (const name of input.splitBy)
      splits.push({ sql: await valueSql(name), column: quoteIdent(column(name).field_name) });
    const filters: Array<{ sql: string; values: string[] }> = [];
    for (const f of input.filters) filters.push({ sql: await valueSql(f.dim_name), values: f.values });
    if (chosen.some((m) => !plan.metrics.some((p) => p.kpiId === m.kpi_id)))
      throw new AppError('bad_request', EXPLORER_MESSAGES.unknownMetric);
    const [sql, values] = warehouseStatement({
      table,
      plan,
      params,
      kpiIds: chosen.map((m) => m.kpi_id),
      grain: input.window.grain,
      timezone: input.window.timezone,
      range: input.window,
      splits,
      filters,
    });
    const rows = await runGuarded(ctx, sql, values);
    const byKey = new Map<string, RawSeries>();
    for (const row of rows) {
      const split = input.splitBy.map((name, i) => ({ dim_name: name, dim_val: String(row[`__s${i}`]) }));
      chosen.forEach((metric, i) => {
        const key = seriesKey(metric.kpi_id, split);
        let series = byKey.get(key);
        if (!series) {
          series = { metric, split, values: new Map() };
          byKey.set(key, series);
        }
        const y = row[`__v${i}`];
        series.values.set(row.ts, {
          y: typeof y === 'number' ? y : null,
          yhat: null,
          lower: null,
          upper: null,
        });
      });
    }
    out.push(...byKey.values());
  }
  return out;
}

/** A warehouse statement under a timeout: past it PostgreSQL cancels it and the caller is told why. */
async function runGuarded(ctx: ExplorerContext, sql: string, values: unknown[]): Promise<WarehouseRow[]> {
  try {
    return await repo.runWithTimeout<WarehouseRow>(ctx.db, sql, values, EXPLORER_STATEMENT_TIMEOUT_MS);
  } catch (error) {
    if ((error as { code?: string }).code === '57014')
      throw new AppError('bad_request', EXPLORER_MESSAGES.tooSlow);
    throw error;
  }
}

const toView = (row: repo.ExplorerViewRow): ExplorerView => ({
  id: String(row.view_id),
  name: row.name,
  state: row.state,
  created_by: row.created_by_email,
  created_at: row.created_at.toISOString(),
});

/** Demo-mode views are the caller's own: everyone shares the demo workspace, nobody changes it for others. */
const privateTo = (ctx: ExplorerContext) => (ctx.isDemo ? ctx.user.userId : null);

export async function listExplorerViews({ ctx }: { ctx: ExplorerContext }) {
  const rows = await repo.listViews(ctx.db, { tenantId: ctx.tenantId, privateTo: privateTo(ctx) });
  return { views: rows.map(toView) };
}

export async function getExplorerViewOrThrow({ ctx, id }: { ctx: ExplorerContext; id: string }) {
  const row = await repo.findView(ctx.db, {
    tenantId: ctx.tenantId,
    privateTo: privateTo(ctx),
    viewId: Number(id),
  });
  if (!row) throw new AppError('not_found', EXPLORER_MESSAGES.viewNotFound);
  return { view: toView(row) };
}

export async function createExplorerView({
  ctx,
  input,
}: {
  ctx: ExplorerContext;
  input: CreateExplorerViewBody;
}) {
  if (ctx.readOnly) throw readOnlyLink(ctx);
  if (input.state.metrics.length === 0) throw new AppError('bad_request', EXPLORER_MESSAGES.pickMetric);
  const id = await repo.insertView(ctx.db, {
    tenantId: ctx.tenantId,
    name: input.name,
    state: input.state,
    isPrivate: ctx.isDemo,
    userId: ctx.user.userId,
  });
  return getExplorerViewOrThrow({ ctx, id: String(id) });
}

export async function deleteExplorerView({ ctx, input }: { ctx: ExplorerContext; input: { id: string } }) {
  const { id } = input;
  if (ctx.readOnly) throw readOnlyLink(ctx);
  const deleted = await repo.deleteView(ctx.db, {
    tenantId: ctx.tenantId,
    privateTo: privateTo(ctx),
    viewId: Number(id),
  });
  if (!deleted) throw new AppError('not_found', EXPLORER_MESSAGES.viewNotFound);
  return { success: true as const, message: EXPLORER_MESSAGES.viewDeleted };
}

import type { Queryable } from '../db/client';
import type { BaseContext } from '../plugins/context';
import { tenantNeedsRun, tenantsNeedingRuns, writeStage, type StageReport } from './stages.repository';

export type { Stage } from './stages.repository';

/**
 * The data pipeline's hand-offs (connections → series → pipelines → experience, outage links), by job name, and the stages' status. A stage asks the next one for
 * work through the queue without importing it, so modules depend one way only (issue 28); the stage that owns
 * a job defines its handler under the same name.
 */
export const SERIES_JOB = 'series.compute';
export const PIPELINE_JOB = 'pipelines.run';
export const EXPERIENCE_JOB = 'experience.raise';
export const OUTAGE_LINK_JOB = 'outages.link-signals';

export const seriesKeyOf = (tenantId: number) => `series:${tenantId}`;
export const pipelineKeyOf = (tenantId: number) => `pipelines:${tenantId}`;
export const experienceKeyOf = (tenantId: number) => `experience:${tenantId}`;

/**
 * A stage's status on its connection, as the data sources page shows it. Each stage reports its own (the
 * connections their data connection, metrics the configuration, the pipelines insight generation) through
 * this one writer, in the caller's transaction when `db` is one; no stage writes a later stage's status
 * except to hand it forward.
 */
export async function reportStage(db: Queryable, input: StageReport): Promise<void> {
  await writeStage(db, input);
}

/** What insight generation says while it waits for the series it was handed (spec 1's stage message). */
export const SERIES_QUEUED_MESSAGE = 'Computing the series of your metrics';

/**
 * Asks for the workspace's series to be brought up to date; one run waits behind a running one at most. With
 * `handedBy`, the configured connections' insight generation is marked as under way: the hand-off is what
 * starts that stage.
 */
export async function requestSeriesUpdate(
  ctx: BaseContext,
  tenantId: number,
  handedBy: number[] = [],
): Promise<void> {
  for (const connectionId of handedBy)
    await reportStage(ctx.db, {
      tenantId,
      connectionId,
      stage: 'insight_generation',
      status: 'IN_PROGRESS',
      message: SERIES_QUEUED_MESSAGE,
    });
  await ctx.jobs.send(SERIES_JOB, { tenantId }, { singletonKey: seriesKeyOf(tenantId) });
}

/** Asks for the workspace's pipelines to run on its series; one run waits behind a running one at most. */
export async function requestPipelineRun(ctx: BaseContext, tenantId: number): Promise<void> {
  await ctx.jobs.send(PIPELINE_JOB, { tenantId }, { singletonKey: pipelineKeyOf(tenantId) });
}

/**
 * Whether the workspace's pipelines owe a run (stages.repository.ts): a series run that found nothing new
 * still asks for one when an earlier run left them owed.
 */
export async function pipelinesOwed(ctx: BaseContext, tenantId: number): Promise<boolean> {
  return tenantNeedsRun(ctx.db, tenantId);
}

/** Every workspace whose pipelines owe a run, by the same rule (the pipelines' sweep). */
export async function workspacesOwingPipelines(ctx: BaseContext): Promise<number[]> {
  return tenantsNeedingRuns(ctx.db);
}

/** Asks for the workspace's experience events to be raised from the fits a pipeline run just stored. */
export async function requestExperienceEvents(ctx: BaseContext, tenantId: number): Promise<void> {
  await ctx.jobs.send(EXPERIENCE_JOB, { tenantId }, { singletonKey: experienceKeyOf(tenantId) });
}

/**
 * Asks for the workspace's signals to be linked to provider outages now rather than at the next sweep: new or
 * grown insight groups and experience events may be what an outage cost.
 */
export async function requestOutageLinks(ctx: BaseContext, tenantId: number): Promise<void> {
  await ctx.jobs.send(OUTAGE_LINK_JOB, { tenantId }, { singletonKey: `${OUTAGE_LINK_JOB}:${tenantId}` });
}

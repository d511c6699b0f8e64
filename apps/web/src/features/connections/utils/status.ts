import type { ConnectionStatus, Stage, StageStatus } from '@tidemark/contract';

export interface DisplayedStatus {
  stage: keyof ConnectionStatus | null;
  status: StageStatus;
  message: string | null;
  /** Spec 1 §4: 'CLICK TO RESUME' on an unfinished data connection or metric configuration. */
  resumable: boolean;
}

const ORDER: Array<keyof ConnectionStatus> = [
  'insight_generation_status',
  'metric_configuration_status',
  'data_connection_status',
];

/** The latest stage that has started wins; nothing started shows Not Started. */
export function displayedStatus(status: ConnectionStatus): DisplayedStatus {
  const data = status.data_connection_status;
  const metrics = status.metric_configuration_status;
  const resumable =
    data.status === 'IN_PROGRESS' || metrics.status === 'NOT_STARTED' || metrics.status === 'IN_PROGRESS';
  for (const stage of ORDER) {
    const s: Stage = status[stage];
    if (s.status !== 'NOT_STARTED') return { stage, status: s.status, message: s.message, resumable };
  }
  return { stage: null, status: 'NOT_STARTED', message: null, resumable };
}

/** Delete is refused once metric configuration has finished (spec 1 §4). */
export function canDelete(status: ConnectionStatus): boolean {
  const m = status.metric_configuration_status.status;
  return m !== 'SUCCESSFUL' && m !== 'FAILED';
}

export const STAGE_LABEL: Record<keyof ConnectionStatus, string> = {
  data_connection_status: 'Data connection',
  metric_configuration_status: 'Metric configuration',
  insight_generation_status: 'Insight generation',
};

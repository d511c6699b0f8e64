import { analyzeMetric } from '../modules/pipelines/analysis';

/** What the CPU pool's threads can run: pure functions of structured-clonable input. */
export const cpuTasks = {
  'pipelines.analyze-metric': analyzeMetric,
};

export type CpuTasks = typeof cpuTasks;
export type CpuTaskName = keyof CpuTasks;

export {
  pipelineJobs,
  requestPipelineRun,
  pipelinesOwed,
  requestMissingPipelineRuns,
  runTenantPipelines,
  schedulePipelineSweep,
  PIPELINE_JOB,
} from './pipelines.service';

export {
  pipelineJobs,
  requestPipelineRun,
  requestMissingPipelineRuns,
  runTenantPipelines,
  schedulePipelineSweep,
  PIPELINE_JOB,
} from './pipelines.service';

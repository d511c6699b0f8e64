export {
  pipelineJobs,
  requestPipelineRun,
  requestMissingPipelineRuns,
  runTenantPipelines,
  schedulePipelineSweep,
} from './pipelines.service';

export {
  pipelineJobs,
  requestMissingPipelineRuns,
  runTenantPipelines,
  schedulePipelineSweep,
} from './pipelines.service';

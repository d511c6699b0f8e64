export {
  pipelineJobs,
  requestPipelineRun,
  requestMissingPipelineRuns,
  runTenantPipelines,
} from './pipelines.service';

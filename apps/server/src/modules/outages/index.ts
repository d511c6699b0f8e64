export { outagesJobs, scheduleOutageJobs } from './outages.jobs';
export {
  ingestSnapshot,
  linkRecentOutages,
  outageFilterOptions,
  outageHistory,
  pollProvider,
  raiseOutageGroups,
  POLL_DUE_JOB,
  POLL_PROVIDER_JOB,
  LINK_JOB,
} from './outages.service';
export { linkTenantOutages, relatedOutages, relatedOutagesOfMany, relatedSignals } from './links';
export { parseBody } from './status-parsers';
export { loadDemoOutages, type DemoAnchors } from './demo-outages';

export { demoJobs, requestDemoData, DEMO_LOAD_JOB, DEMO_SITE_JOB } from './demo.jobs';
export { loadDemoSiteTraffic } from './demo-site.service';
export { DEMO_SEED, importSampleStore, loadSampleStore, sampleStoreOf } from './demo.service';
export type { ImportableStore } from './demo.service';

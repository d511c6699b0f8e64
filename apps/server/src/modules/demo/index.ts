export { demoJobs, requestDemoData, DEMO_LOAD_JOB } from './demo.jobs';
export { DEMO_SEED, importSampleStore, loadSampleStore, sampleStoreOf } from './demo.service';

export { eventsRoutes } from './events.routes';
export type { ExperienceViews, MetricSeriesReader } from './providers';
export {
  eventsJobs,
  ingestEvents,
  maintainPartitions,
  rollUpEvents,
  samplingRates,
  getEventSettings,
  saveEventSetting,
  scheduleEventJobs,
  ROLL_UP_JOB,
  PARTITIONS_JOB,
} from './events.service';
export { eventDimensionValues } from './events-api.service';
export { groupTenantErrors, saveEventGroup, GROUP_JOB, type EventGroupWrite } from './event-groups.service';
export { saveSiteSampling, siteKeyOfTenant } from './events.service';

export { eventsRoutes } from './events.routes';
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

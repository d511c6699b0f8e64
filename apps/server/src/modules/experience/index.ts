export {
  experienceFunnelSteps,
  experienceGroupOf,
  experienceRootCause,
  isExperienceFigures,
  listExperienceMetrics,
  raiseExperienceEvents,
  type ExperienceFigures,
} from './experience.service';

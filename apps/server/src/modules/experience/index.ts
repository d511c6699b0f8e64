export {
  experienceJobs,
  listExperienceMetrics,
  experienceViews,
  raiseExperienceEvents,
  type ExperienceFigures,
} from './experience.service';

export { usersRoutes } from './users.routes';
export {
  getEventMapping,
  getProfile,
  getSubscriptions,
  updateEventMapping,
  updatePersona,
  updateProfile,
  updateSubscriptions,
} from './users.service';

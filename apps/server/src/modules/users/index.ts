export { usersRoutes } from './users.routes';
export { updatePersona } from './users.service';

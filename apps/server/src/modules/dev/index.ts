export { devRoutes, servesOutbox } from './dev.routes';

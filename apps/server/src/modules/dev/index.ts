export { devRoutes } from './dev.routes';

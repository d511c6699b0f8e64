export { explorerRoutes } from './explorer.routes';

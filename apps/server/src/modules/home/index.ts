export { homeRoutes } from './home.routes';
export { getHomeDigest } from './home.service';

export { flagsRoutes } from './flags.routes';
export { getFlags, setFlag } from './flags.service';

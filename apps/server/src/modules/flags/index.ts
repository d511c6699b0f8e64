export { flagsRoutes } from './flags.routes';
export { flagsOf, setFlagDirect } from './flags.service';

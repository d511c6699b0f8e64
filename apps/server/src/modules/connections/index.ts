export { connectionsRoutes } from './connections.routes';
export {
  getConnectionOrThrow,
  markSeriesComputed,
  setConnectionStage,
  setTableDateColumn,
  tablesOfConnection,
  type WarehouseTable,
} from './connections.service';
export { connectionsJobs } from './connections.jobs';
export { quoteIdent } from './warehouse';

export { connectionsRoutes } from './connections.routes';
export {
  createConnection,
  getConnectionOrThrow,
  listCsvConnectorUuid,
  markAllSeriesForRebuild,
  recoverInterruptedUploads,
  markSeriesComputed,
  setTableDateColumn,
  tablesOfConnection,
  type WarehouseTable,
} from './connections.service';
export { connectionsJobs } from './connections.jobs';
export { ensureDateIndex, quoteIdent } from './warehouse.repository';
export type { ColumnType } from './connectors/types';

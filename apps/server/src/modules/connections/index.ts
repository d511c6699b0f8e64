export { connectionsRoutes } from './connections.routes';
export {
  createConnection,
  getConnectionOrThrow,
  listCsvConnectorUuid,
  recoverInterruptedUploads,
} from './connections.service';
export { connectionsJobs } from './connections.jobs';
export type { ColumnType } from './connectors/types';

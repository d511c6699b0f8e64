import type { DatabaseCredentials } from '@tidemark/contract';
import { AppError } from '../../errors';
import { outboundGuard } from '../../net';
import type { BaseContext } from '../../plugins/context';
import type { ConnectionRow } from './connections.repository';
import { createMysqlConnector } from './connectors/mysql';
import { createPostgresConnector } from './connectors/postgres';
import { createShopifyConnector } from './connectors/shopify';
import type { Connector, ConnectorError } from './connectors/types';

/** What a database connection keeps in `config` (the password is sealed in `secret`). */
export type StoredDatabaseConfig = Omit<DatabaseCredentials, 'password'>;

/** A workspace's database, reached only where the server's outbound policy allows (net/outbound.ts). */
export function databaseConnector(
  ctx: BaseContext,
  name: 'postgres' | 'mysql',
  credentials: DatabaseCredentials,
): Connector {
  const config = {
    host: credentials.host,
    port: credentials.port,
    database: credentials.database,
    user: credentials.user,
    password: credentials.password,
    tls: credentials.tls,
    ...(credentials.schema ? { schema: credentials.schema } : {}),
  };
  const options = { guard: outboundGuard(ctx.config) };
  return name === 'postgres'
    ? createPostgresConnector(config, options)
    : createMysqlConnector(config, options);
}

/** The connector a stored connection reads through, with its secret unsealed. */
export function connectorFor(ctx: BaseContext, connection: ConnectionRow): Connector {
  const secret = (): string => {
    if (!connection.secret)
      throw new AppError('bad_request', 'This data source has no saved credentials yet.');
    if (!ctx.sealer)
      throw new AppError('not_configured', 'ENCRYPTION_KEY is not set: stored credentials cannot be read.');
    return ctx.sealer.open(connection.secret);
  };
  switch (connection.connector_name) {
    case 'postgres':
    case 'mysql':
      return databaseConnector(ctx, connection.connector_name, {
        ...(connection.config as StoredDatabaseConfig),
        password: secret(),
      });
    case 'shopify':
      return createShopifyConnector({
        shopDomain: String(connection.config.shop),
        accessToken: secret(),
        ...(ctx.config.shopify?.endpoint ? { endpoint: ctx.config.shopify.endpoint } : {}),
      });
    case 'csv':
      throw new AppError('bad_request', 'A CSV data source is updated by uploading a file.');
  }
}

/** The customer reads what they can do; the log keeps the driver's words. */
export function logConnectorError(ctx: BaseContext, c: ConnectionRow, error: ConnectorError): void {
  ctx.log.warn(
    { datasourceId: c.datasource_id, tenantId: c.tenant_id, code: error.code, detail: error.detail },
    'data source failed',
  );
}

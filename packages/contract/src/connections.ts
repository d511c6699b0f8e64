import { z } from 'zod';
import { defineRoute } from './route';
import { TenantQuerySchema } from './tenants';

// Data in (spec 1 §3, §4, §7): connectors, connections (data sources), extraction jobs and their columns.

export const CONNECTOR_NAMES = ['csv', 'postgres', 'mysql', 'shopify'] as const;
export const ConnectorNameSchema = z.enum(CONNECTOR_NAMES);
export type ConnectorName = z.infer<typeof ConnectorNameSchema>;

export const ConnectorTypeSchema = z.enum(['file', 'database', 'app']);
export type ConnectorType = z.infer<typeof ConnectorTypeSchema>;

export const ConnectorSchema = z
  .object({
    connector_uuid: z.uuid(),
    connector_name: ConnectorNameSchema,
    connector_display_name: z.string(),
    connector_logo_url: z.string(),
    connector_type: ConnectorTypeSchema,
    description: z.string(),
    is_active: z.boolean(),
    /** False when the server lacks what the connector needs (Shopify's app keys); the screen says so. */
    is_configured: z.boolean(),
    /** When not configured: what this viewer is told (a customer what to do, an operator the setting). */
    setup_notice: z.string().nullable().optional(),
  })
  .meta({ id: 'Connector' });
export type Connector = z.infer<typeof ConnectorSchema>;
export const ConnectorsResponseSchema = z.object({ data: z.array(ConnectorSchema) });

/** Spec 1 §4: three stages, in order. PENDING and CANCELLED exist as display colours only. */
export const StageStatusSchema = z.enum(['NOT_STARTED', 'IN_PROGRESS', 'SUCCESSFUL', 'FAILED']);
export type StageStatus = z.infer<typeof StageStatusSchema>;
export const StageSchema = z.object({ status: StageStatusSchema, message: z.string().nullable() });
export type Stage = z.infer<typeof StageSchema>;

export const ConnectionStatusSchema = z.object({
  data_connection_status: StageSchema,
  metric_configuration_status: StageSchema,
  insight_generation_status: StageSchema,
});
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>;

export const DEFAULT_SYNC_FREQUENCY = 'Daily, 12:00 AM UTC';
export const DATASOURCE_PAGE_SIZES = [10, 25, 50] as const;
export const CONNECTIONS_REFETCH_MS = 5_000;
export const SYNC_POLL_MS = 5_000;
export const SYNC_MESSAGE_ROTATION_MS = 3_000;
export const SYNC_MESSAGES = [
  'Fetching data from the data source',
  'Syncing the data',
  'Processing the data',
  'Preparing the data schema',
  'Almost there',
] as const;

export const DatasourceIdSchema = z
  .string()
  .regex(/^[a-z0-9]{6,32}$/, 'must be a data source id')
  .meta({ description: 'A data source id, shown upper-cased after #' });

export const ConnectionSchema = z
  .object({
    datasource_id: z.string(),
    connector_uuid: z.uuid(),
    connector_name: ConnectorNameSchema,
    connector_type: ConnectorTypeSchema,
    connector_display_name: z.string(),
    connector_logo_url: z.string(),
    connection_name: z.string(),
    source_tables: z.array(z.string()),
    status: ConnectionStatusSchema,
    sync_frequency: z.string(),
    created_at: z.string(),
    last_synced_at: z.string().nullable(),
  })
  .meta({ id: 'Connection' });
export type Connection = z.infer<typeof ConnectionSchema>;

export const CONNECTION_SORTS = [
  'created_at',
  'connection_name',
  'connector_name',
  'sync_frequency',
  'status',
  'datasource_id',
] as const;
export const ConnectionsQuerySchema = TenantQuerySchema.extend({
  page_num: z.coerce.number().int().min(1).max(100_000).default(1),
  count: z.coerce.number().int().min(1).max(100).default(10),
  sort_by: z.enum(CONNECTION_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export const ConnectionsResponseSchema = z.object({
  rows: z.array(ConnectionSchema),
  count: z.number().int(),
});

/** Where the screen goes next (spec 1 §3, Resume/create response): an in-app path or an outside URI. */
export const RedirectSchema = z.object({
  self: z.boolean(),
  path: z.string().nullable(),
  uri: z.string().nullable(),
});
export type Redirect = z.infer<typeof RedirectSchema>;

export const RowErrorSchema = z.object({ line: z.number().int(), reason: z.string() });
export type RowError = z.infer<typeof RowErrorSchema>;

export const ImportSummarySchema = z.object({
  source_table_name: z.string(),
  destination_table_name: z.string(),
  rows_imported: z.number().int(),
  rows_rejected: z.number().int(),
  /** The first 100 rejected rows, with their line numbers in the file. */
  errors: z.array(RowErrorSchema),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

export const CreateConnectionBodySchema = z.object({
  connector_uuid: z.uuid(),
  /** Adds the uploaded file to this csv connection instead of making a new one (resume). */
  datasource_id: DatasourceIdSchema.optional(),
  connection_name: z.string().trim().min(1).max(120).optional(),
  /** Shopify: the store's myshopify.com address. */
  shop: z.string().trim().max(255).optional(),
  /**
   * CSV: zones of timestamp columns written without an offset, chosen in the preview, as JSON
   * `{"created_date_utc": "UTC"}` (IANA names); a column left out is read in the workspace's zone.
   */
  column_time_zones: z.string().max(10_000).optional(),
});
export const CreateConnectionResponseSchema = z.object({
  success: z.boolean(),
  datasource_id: z.string(),
  redirect: RedirectSchema,
  import: ImportSummarySchema.nullable(),
});
export type CreateConnectionResponse = z.infer<typeof CreateConnectionResponseSchema>;

export const ResumeResponseSchema = z.object({ success: z.boolean(), redirect: RedirectSchema });
export type ResumeResponse = z.infer<typeof ResumeResponseSchema>;

export const DatasourceParamsSchema = z.object({ datasource_id: DatasourceIdSchema });

export const TlsModeSchema = z.enum(['disable', 'require', 'verify-full']);
export const DatabaseCredentialsSchema = z.object({
  host: z
    .string()
    .trim()
    .min(1, 'Enter the host')
    .max(255)
    // An IPv6 address may come in brackets, as in a URL.
    .regex(/^(?:[A-Za-z0-9._:-]+|\[[0-9A-Fa-f:.]+\])$/, 'Enter a host name or an IP address'),
  port: z.coerce.number().int().min(1).max(65_535),
  database: z.string().trim().min(1, 'Enter the database').max(128),
  user: z.string().trim().min(1, 'Enter the user').max(128),
  password: z.string().max(1024),
  tls: TlsModeSchema.default('disable'),
  /** PostgreSQL only: list tables of this schema alone. */
  schema: z.string().trim().max(128).optional(),
});
export type DatabaseCredentials = z.infer<typeof DatabaseCredentialsSchema>;

export const SourceTableSchema = z.object({
  name: z.string(),
  estimated_rows: z.number().nullable(),
});
export const CredentialsResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  tables: z.array(SourceTableSchema),
});

export const SelectTablesBodySchema = z.object({
  source_tables: z.array(z.string().min(1).max(255)).min(1, 'Select at least one table').max(50),
});

export const ConnectionSettingsSchema = z.object({
  datasource_id: z.string(),
  connector_name: ConnectorNameSchema,
  connection_name: z.string(),
  status: ConnectionStatusSchema,
  /** Database connectors: everything but the password, which is never sent back. */
  credentials: DatabaseCredentialsSchema.omit({ password: true })
    .extend({ has_password: z.boolean() })
    .nullable(),
  source_tables: z.array(z.string()),
  shop: z.string().nullable(),
});
export type ConnectionSettings = z.infer<typeof ConnectionSettingsSchema>;

export const ExtractionStatusSchema = z.enum([
  'PENDING',
  'IN_PROGRESS',
  'READY',
  'SUCCESSFUL',
  'FAILED',
  'CANCELLED',
]);
export type ExtractionStatus = z.infer<typeof ExtractionStatusSchema>;

export const ExtractionSchema = z
  .object({
    extraction_job_id: z.string(),
    datasource_id: z.string(),
    status: ExtractionStatusSchema,
    message: z.string().nullable(),
    rows_imported: z.number().int(),
    rows_rejected: z.number().int(),
    errors: z.array(RowErrorSchema),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'Extraction' });
export type Extraction = z.infer<typeof ExtractionSchema>;

export const ExtractionsQuerySchema = TenantQuerySchema.extend({
  /** Comma-separated statuses, e.g. READY,SUCCESSFUL. */
  status: z
    .string()
    .max(200)
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const parts = v.split(',').map((s) => s.trim());
      const parsed = z.array(ExtractionStatusSchema).safeParse(parts);
      if (!parsed.success) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a list of ${ExtractionStatusSchema.options.join(', ')}`,
        });
        return z.NEVER;
      }
      return parsed.data;
    }),
  /** The data source whose extractions to list (spec name). */
  connector_id: DatasourceIdSchema.optional(),
});
export const ExtractionsResponseSchema = z.object({ data: z.array(ExtractionSchema) });

export const ExtractionParamsSchema = z.object({ extraction_job_id: z.string().regex(/^\d{1,18}$/) });

export const WarehouseColumnTypeSchema = z.enum([
  'integer',
  'decimal',
  'boolean',
  'date',
  'timestamp',
  'timestamptz',
  'text',
]);
export type WarehouseColumnType = z.infer<typeof WarehouseColumnTypeSchema>;

export const ColumnSchema = z
  .object({
    field_name: z.string(),
    display_name: z.string(),
    source_table_name: z.string(),
    destination_table_name: z.string(),
    data_type: WarehouseColumnTypeSchema,
    /** Share of rows with no value, 0–1. */
    null_fraction: z.number(),
    sample_values: z.array(z.string()),
    /** CSV: the zone the file's offset-less times were read in; null or absent: none was chosen. */
    time_zone: z.string().nullable().optional(),
    /** CSV: the currency (ISO code) the column's values or header, or the file's one-value currency column, name. */
    currency: z.string().nullable().optional(),
  })
  .meta({ id: 'Column' });
export type Column = z.infer<typeof ColumnSchema>;

export const ExtractionResultsSchema = z.object({
  datasource_id: z.string(),
  extraction_job_id: z.string(),
  columns: z.array(ColumnSchema),
  tables: z.array(
    z.object({
      source_table_name: z.string(),
      destination_table_name: z.string(),
      row_count: z.number().int(),
      date_column: z.string().nullable(),
    }),
  ),
});
export type ExtractionResults = z.infer<typeof ExtractionResultsSchema>;

export const SyncResponseSchema = z.object({
  success: z.boolean(),
  extraction_job_id: z.string(),
});

export const SuccessResponseSchema = z.object({ success: z.boolean(), message: z.string() });

export const ShopifyCallbackQuerySchema = z.object({
  code: z.string().max(512).optional(),
  hmac: z.string().max(256).optional(),
  shop: z.string().max(255).optional(),
  state: z.string().max(256).optional(),
  timestamp: z.string().max(32).optional(),
  host: z.string().max(512).optional(),
});

export const CONNECTION_MESSAGES = {
  talkToUs: "Click on 'Talk to us' to get help",
  onlyCsv: 'Only files with .csv extension are allowed',
  uploadFailed: 'Oops! There seems to be an error while uploading',
  tryAgain: 'Please try again',
  userActionNeeded: 'User Action Needed',
  empty: "No data sources connected, Click on '+ Add Data Source' to connect a data source",
  noDateColumn:
    'This data has no date or time column, so its metrics cannot be followed over time. Add a column such as the order date and upload it again.',
  interrupted: 'The upload was interrupted before it finished. Please upload the file again.',
  deleteLocked: 'A data source whose metrics are configured cannot be deleted.',
  /** A failure to connect to a database source whose cause is none of connectFailureText's. */
  couldNotConnect:
    'Could not connect to the database. Check the host, port, database name and credentials, and that the server accepts connections from Tidemark.',
  shopifyNotConfigured:
    'The Shopify app is not configured on this server (SHOPIFY_API_KEY and SHOPIFY_API_SECRET). Ask your administrator, or upload a CSV export of your orders instead.',
} as const;

/**
 * Why a database source could not be connected. `unreachable` also covers an address the server may not reach
 * (net/outbound.ts), so a customer cannot tell a blocked network from a closed port; the other causes arise only
 * once a database at an allowed address has answered.
 */
export type ConnectFailureCause =
  | 'unreachable'
  | 'timeout'
  | 'unknown_host'
  | 'invalid_host'
  | 'auth_failed'
  | 'database_missing'
  | 'database_denied'
  | 'tls_required'
  | 'tls_unsupported'
  | 'tls_certificate'
  | 'other';

/** What a customer reads when a database source cannot be connected: what failed, where, and what to do. */
export function connectFailureText(
  cause: ConnectFailureCause,
  target: { host: string; port: number; database: string; user: string },
): string {
  const at = `${target.host}:${target.port}`;
  switch (cause) {
    case 'unreachable':
      return `We could not reach the database at ${at}. Check the host and port, and that it accepts connections from Tidemark.`;
    case 'timeout':
      return `The database at ${at} did not answer in time. Check the host and port, and that its firewall lets Tidemark connect.`;
    case 'unknown_host':
      return `We could not find a server named ${target.host}. Check the host name for typos.`;
    case 'invalid_host':
      return `"${target.host}" is not a host name or an address. Enter a name such as db.example.com, or an IP address.`;
    case 'auth_failed':
      return `The database at ${at} did not accept the user "${target.user}" with this password. Check both, and that this user may log in from Tidemark.`;
    case 'database_missing':
      return `The server at ${at} has no database named "${target.database}". Check the database name.`;
    case 'database_denied':
      return `The user "${target.user}" may not use a database named "${target.database}" at ${at}, or it does not exist. Check the database name and this user's rights.`;
    case 'tls_required':
      return `The database at ${at} did not let Tidemark log in without encryption. Set TLS to Required, or allow this user to connect from Tidemark unencrypted.`;
    case 'tls_unsupported':
      return `The database at ${at} does not offer encrypted connections. Turn on TLS at the database, or set TLS to Off.`;
    case 'tls_certificate':
      return `The certificate of the database at ${at} could not be verified for ${target.host}. Check the host name, or set TLS to Required to encrypt without checking the certificate.`;
    case 'other':
      return CONNECTION_MESSAGES.couldNotConnect;
  }
}

/** Spec 1 §7 calls of the data area, plus the credentials and table steps of database connectors. */
export const connectionsRoutes = {
  listConnectors: defineRoute({
    method: 'GET',
    path: '/v1/connectors',
    access: 'session',
    summary: 'The connectors a workspace can use',
    tags: ['connections'],
    response: ConnectorsResponseSchema,
  }),
  listConnections: defineRoute({
    method: 'GET',
    path: '/v1/connections',
    access: 'tenant',
    summary: "The workspace's data sources, paged and sorted",
    tags: ['connections'],
    query: ConnectionsQuerySchema,
    response: ConnectionsResponseSchema,
  }),
  createConnection: defineRoute({
    method: 'POST',
    path: '/v1/connections',
    access: 'tenant',
    summary: 'Connect a data source; for csv, upload the file (multipart field csvFile) and import it',
    tags: ['connections'],
    query: TenantQuerySchema,
    body: CreateConnectionBodySchema,
    multipart: true,
    response: CreateConnectionResponseSchema,
  }),
  getConnection: defineRoute({
    method: 'GET',
    path: '/v1/connections/:datasource_id',
    access: 'tenant',
    summary: "A data source's settings (never its password)",
    tags: ['connections'],
    params: DatasourceParamsSchema,
    query: TenantQuerySchema,
    response: ConnectionSettingsSchema,
  }),
  resumeConnection: defineRoute({
    method: 'POST',
    path: '/v1/connections/:datasource_id/resume',
    access: 'tenant',
    summary: 'Where to continue setting a data source up',
    tags: ['connections'],
    params: DatasourceParamsSchema,
    query: TenantQuerySchema,
    response: ResumeResponseSchema,
  }),
  deleteConnection: defineRoute({
    method: 'DELETE',
    path: '/v1/connections/:datasource_id',
    access: 'tenant',
    summary: 'Delete a data source and its data (not once its metrics are configured)',
    tags: ['connections'],
    params: DatasourceParamsSchema,
    query: TenantQuerySchema,
    response: SuccessResponseSchema,
  }),
  saveCredentials: defineRoute({
    method: 'POST',
    path: '/v1/connections/:datasource_id/credentials',
    access: 'tenant',
    summary: "Test and save a database's credentials (stored encrypted); answers its tables",
    tags: ['connections'],
    params: DatasourceParamsSchema,
    query: TenantQuerySchema,
    body: DatabaseCredentialsSchema,
    response: CredentialsResponseSchema,
  }),
  selectTables: defineRoute({
    method: 'PUT',
    path: '/v1/connections/:datasource_id/tables',
    access: 'tenant',
    summary: 'Choose the tables to copy, and start the first sync',
    tags: ['connections'],
    params: DatasourceParamsSchema,
    query: TenantQuerySchema,
    body: SelectTablesBodySchema,
    response: ResumeResponseSchema,
  }),
  syncConnection: defineRoute({
    method: 'POST',
    path: '/v1/connectors/:datasource_id/sync',
    access: 'tenant',
    summary: 'Sync a data source now',
    tags: ['connections'],
    params: DatasourceParamsSchema,
    query: TenantQuerySchema,
    response: SyncResponseSchema,
  }),
  listExtractions: defineRoute({
    method: 'GET',
    path: '/v1/extractions',
    access: 'tenant',
    summary: 'Extraction jobs, newest first, filtered by status and data source',
    tags: ['connections'],
    query: ExtractionsQuerySchema,
    response: ExtractionsResponseSchema,
  }),
  getExtraction: defineRoute({
    method: 'GET',
    path: '/v1/extractions/:extraction_job_id',
    access: 'tenant',
    summary: 'One extraction job, with its rejected rows',
    tags: ['connections'],
    params: ExtractionParamsSchema,
    query: TenantQuerySchema,
    response: ExtractionSchema,
  }),
  extractionResults: defineRoute({
    method: 'GET',
    path: '/v1/extractions/:extraction_job_id/results',
    access: 'tenant',
    summary: 'The columns an extraction brought in, to turn into metrics and dimensions',
    tags: ['connections'],
    params: ExtractionParamsSchema,
    query: TenantQuerySchema,
    response: ExtractionResultsSchema,
  }),
  shopifyCallback: defineRoute({
    method: 'GET',
    path: '/v1/connections/shopify/callback',
    access: 'session',
    summary: "Shopify's OAuth redirect after the app install",
    tags: ['connections'],
    query: ShopifyCallbackQuerySchema,
    redirect: true,
  }),
} as const;

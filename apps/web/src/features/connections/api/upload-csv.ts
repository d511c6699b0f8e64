import {
  CreateConnectionResponseSchema,
  ErrorBodySchema,
  routes,
  type CreateConnectionResponse,
} from '@tidemark/contract';
import { CSRF_COOKIE, CSRF_HEADER } from '@tidemark/contract';
import { buildUrl, clientDefaults, readCookie } from '@/lib/api-client';
import { tenantQuery, type TenantScope } from '@/session';

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface UploadHandle {
  promise: Promise<CreateConnectionResponse>;
  cancel(): void;
}

/**
 * POST /v1/connections with the file, over XMLHttpRequest: fetch cannot report upload progress.
 * The file streams from disk; the server imports it as it arrives.
 */
export function uploadCsv(
  scope: TenantScope,
  input: {
    connectorUuid: string;
    file: File;
    datasourceId?: string | undefined;
    /** Zones of offset-less timestamp columns chosen in the preview, by field name. */
    columnTimeZones?: Record<string, string> | undefined;
  },
  onProgress: (fraction: number) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<CreateConnectionResponse>((resolve, reject) => {
    const defaults = clientDefaults();
    xhr.open(
      'POST',
      buildUrl(routes.createConnection, undefined, { ...defaults.query, ...tenantQuery(scope) }),
    );
    xhr.setRequestHeader('accept', 'application/json');
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = CreateConnectionResponseSchema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else
          reject(new UploadError('The server answered in a way this page does not understand.', xhr.status));
        return;
      }
      if (xhr.status === 401) defaults.onUnauthorized();
      const error = ErrorBodySchema.safeParse(body);
      reject(
        new UploadError(
          error.success ? error.data.message : `The upload failed (${xhr.status}).`,
          xhr.status,
        ),
      );
    };
    xhr.onerror = () =>
      reject(new UploadError('The connection to the server was lost during the upload.', 0));
    xhr.onabort = () => reject(new UploadError('The upload was cancelled.', 0));
    const form = new FormData();
    form.append('connector_uuid', input.connectorUuid);
    if (input.datasourceId) form.append('datasource_id', input.datasourceId);
    if (input.columnTimeZones && Object.keys(input.columnTimeZones).length > 0) {
      form.append('column_time_zones', JSON.stringify(input.columnTimeZones));
    }
    form.append('csvFile', input.file, input.file.name);
    xhr.send(form);
  });
  return { promise, cancel: () => xhr.abort() };
}

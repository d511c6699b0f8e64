import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONNECTION_MESSAGES } from '@tidemark/contract';
import { apiSession, startServer, type RunningServer } from './support/harness';
import { productQuery } from './support/workspace';

const CSV_CONNECTOR = '6f1c2a3e-0c1d-4d0e-9a51-0f6d2b8e0c01';

/** A multipart upload whose file part trickles in, so the server is mid-import for as long as the test likes. */
function slowUpload(
  rows: number,
  pauseEvery: number,
): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = '----tidemark-test-boundary';
  const encoder = new TextEncoder();
  let row = 0;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="connector_uuid"\r\n\r\n${CSV_CONNECTOR}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="orders.csv"\r\nContent-Type: text/csv\r\n\r\n` +
    'order_id,created_at,revenue\n';
  let sentHead = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentHead) {
        sentHead = true;
        controller.enqueue(encoder.encode(head));
        return;
      }
      if (row >= rows) {
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
        return;
      }
      let chunk = '';
      for (let i = 0; i < pauseEvery && row < rows; i++, row++) {
        chunk += `${row},2025-01-${String((row % 28) + 1).padStart(2, '0')}T10:00:00Z,${(row % 90) + 10}.50\n`;
      }
      controller.enqueue(encoder.encode(chunk));
      await new Promise((r) => setTimeout(r, 50));
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('an import whose server is killed', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tidemark-recovery-'));
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Two cold starts of the product (initdb and migrations) on a loaded machine.
  it(
    'leaves no half table behind, says so, and takes the file again after the restart',
    { timeout: 300_000 },
    async () => {
      server = await startServer({ SEED_DEMO_DATA: 'false' }, { dataDir });
      const session = await apiSession(server, 'ops@recovery-shop.test');
      const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
      const upload = slowUpload(2_000_000, 4_000);
      const pending = fetch(`${server.url}/v1/connections`, {
        method: 'POST',
        headers: { ...headers, 'content-type': upload.contentType },
        body: upload.body,
        duplex: 'half',
      } as RequestInit).catch((error: unknown) => error);

      // Wait until the import is running (its data source shows the upload in progress), then kill the server.
      let datasource = '';
      await expect
        .poll(
          async () => {
            const list = (await (await fetch(`${server!.url}/v1/connections`, { headers })).json()) as {
              rows: Array<{
                datasource_id: string;
                status: { data_connection_status: { status: string; message: string | null } };
              }>;
            };
            const row = list.rows[0];
            if (row?.status.data_connection_status.message?.startsWith('Uploading'))
              datasource = row.datasource_id;
            return datasource;
          },
          { timeout: 30_000, interval: 100 },
        )
        .not.toBe('');
      expect(datasource).not.toBe('');
      // Kill it mid-copy: once PostgreSQL reports rows of the file copied into the new table.
      const running = server;
      await expect
        .poll(
          async () =>
            (
              await productQuery<{ n: string }>(
                running,
                'select coalesce(max(tuples_processed), 0)::text as n from pg_stat_progress_copy',
              )
            ).rows[0]!.n,
          { timeout: 30_000, interval: 50 },
        )
        .not.toBe('0');
      await server.kill();
      expect(await pending).toBeInstanceOf(Error);

      server = await startServer({ SEED_DEMO_DATA: 'false' }, { dataDir });
      const again = await apiSession(server, 'ops@recovery-shop.test');
      const headers2 = { cookie: again.cookie, 'x-csrf-token': again.csrf };
      const extractions = (await (
        await fetch(`${server.url}/v1/extractions?connector_id=${datasource}`, { headers: headers2 })
      ).json()) as {
        data: Array<{ status: string; message: string }>;
      };
      expect(extractions.data[0]).toMatchObject({
        status: 'FAILED',
        message: CONNECTION_MESSAGES.interrupted,
      });
      const list = (await (await fetch(`${server.url}/v1/connections`, { headers: headers2 })).json()) as {
        rows: Array<{ source_tables: string[]; status: { data_connection_status: { status: string } } }>;
      };
      // Nothing of the killed import landed: no table, and the source waits for its file (resume → upload page).
      expect(list.rows[0]!.source_tables).toEqual([]);
      expect(list.rows[0]!.status.data_connection_status.status).toBe('IN_PROGRESS');

      const retry = slowUpload(3_000, 3_000);
      const form = new FormData();
      form.append('connector_uuid', CSV_CONNECTOR);
      form.append('datasource_id', datasource);
      const chunks: Uint8Array[] = [];
      const reader = retry.body.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
      const text = new TextDecoder().decode(Buffer.concat(chunks));
      const csv = text.slice(text.indexOf('order_id'), text.lastIndexOf('\r\n--'));
      form.append('csvFile', new Blob([csv]), 'orders.csv');
      const done = await fetch(`${server.url}/v1/connections`, {
        method: 'POST',
        headers: headers2,
        body: form,
      });
      expect(done.status).toBe(200);
      expect(((await done.json()) as { import: { rows_imported: number } }).import.rows_imported).toBe(3_000);
    },
  );
});

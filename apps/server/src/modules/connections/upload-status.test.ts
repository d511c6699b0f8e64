import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_MESSAGES, catalogueFor } from '@tidemark/contract';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';
import { uploadCsv } from '../../testing/uploads';
import { copyErrorReason } from './csv-import';

describe('the status an upload leaves behind', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createWorkspace(t);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: shop.owner.headers });

  it('ends a failed upload FAILED with its reason, in the list and in its extraction', async () => {
    const upload = await uploadCsv(t, shop.owner.headers, {
      name: 'empty-export.csv',
      content: 'Transaction ID,Date,Gross\n',
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json().message).toBe('The file has a header but no rows.');

    const list = (await get('/v1/connections')).json() as {
      rows: Array<{
        datasource_id: string;
        connection_name: string;
        status: { data_connection_status: { status: string; message: string | null } };
      }>;
    };
    const row = list.rows.find((r) => r.connection_name === 'empty-export')!;
    expect(row.status.data_connection_status).toEqual({
      status: 'FAILED',
      message: `The file has a header but no rows. ${CONNECTION_MESSAGES.tryAgain}.`,
    });
    const extractions = (await get(`/v1/extractions?connector_id=${row.datasource_id}`)).json();
    expect(extractions.data[0]).toMatchObject({
      status: 'FAILED',
      message: 'The file has a header but no rows.',
    });
  });

  it('answers an unknown or deleted data source with not found instead of an empty list', async () => {
    const unknown = await get('/v1/extractions?connector_id=nosuchsource2345');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(catalogueFor(404, 'data source').message);

    const upload = await uploadCsv(t, shop.owner.headers, {
      name: 'orders.csv',
      content: 'order_id,created_at,total\n1,2025-03-01T10:00:00Z,12.50\n',
    });
    const id = upload.json().datasource_id as string;
    expect((await get(`/v1/extractions?connector_id=${id}`)).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/v1/connections/${id}`,
      headers: shop.owner.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get(`/v1/extractions?connector_id=${id}`)).statusCode).toBe(404);
  });

  it("names the row and field of a value PostgreSQL refused, never only PostgreSQL's position", () => {
    // The shape PostgreSQL gives a COPY error: the message, and the line and column in its context.
    const refused = Object.assign(new Error('date/time field value out of range: "2025-13-45"'), {
      where: 'COPY wh_abc_orders, line 3, column created_at: "2025-13-45"',
    });
    expect(copyErrorReason(refused)).toBe(
      'Row 3, created_at: date/time field value out of range: "2025-13-45"',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { multipartFraming } from './multipart';

async function parse(framing: ReturnType<typeof multipartFraming>, file: Buffer): Promise<FormData> {
  const body = Buffer.concat([framing.head, file, framing.tail]);
  expect(body.length).toBe(framing.contentLength(file.length));
  return new Response(body, { headers: { 'content-type': framing.contentType } }).formData();
}

describe('multipartFraming', () => {
  it('frames text fields and a file that a standard parser reads back exactly', async () => {
    const csv = Buffer.from('order_id,created_at,revenue\n1,2024-01-01 00:00:00 +0000,12.50\n', 'latin1');
    const framing = multipartFraming({
      fields: { connector_uuid: '6f1c2a3e-0c1d-4d0e-9a51-0f6d2b8e0c01', connection_name: 'Bench orders' },
      fileField: 'csvFile',
      filename: 'orders.csv',
    });
    const form = await parse(framing, csv);
    expect(form.get('connector_uuid')).toBe('6f1c2a3e-0c1d-4d0e-9a51-0f6d2b8e0c01');
    expect(form.get('connection_name')).toBe('Bench orders');
    const file = form.get('csvFile') as File;
    expect(file.name).toBe('orders.csv');
    expect(file.type).toBe('text/csv');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(csv);
  });

  it('keeps file bytes that look like line breaks and dashes intact, and an empty file empty', async () => {
    const framing = multipartFraming({ fields: {}, fileField: 'f', filename: 'x.csv', boundary: 'b0und' });
    const awkward = Buffer.from('a\r\n--b0un\r\n\r\n--\r\n', 'latin1');
    expect(Buffer.from(await ((await parse(framing, awkward)).get('f') as File).arrayBuffer())).toEqual(
      awkward,
    );
    expect(((await parse(framing, Buffer.alloc(0))).get('f') as File).size).toBe(0);
  });

  it('puts the text fields before the file, as the server reads them', () => {
    const framing = multipartFraming({ fields: { a: '1' }, fileField: 'csvFile', filename: 'o.csv' });
    const head = framing.head.toString();
    expect(head.indexOf('name="a"')).toBeLessThan(head.indexOf('name="csvFile"'));
    expect(framing.contentType).toMatch(/^multipart\/form-data; boundary=----tidemark-bench-[0-9a-f]{24}$/);
  });

  it.each([
    [{ fields: { 'bad"name': 'x' }, fileField: 'f', filename: 'o.csv' }, /unsafe multipart name/],
    [{ fields: {}, fileField: 'f', filename: 'a b.csv' }, /unsafe multipart name/],
    [{ fields: { a: 'x--zz' }, fileField: 'f', filename: 'o.csv', boundary: 'zz' }, /contains the boundary/],
  ])('refuses framing it could not write safely (%#)', (input, error) => {
    expect(() => multipartFraming(input)).toThrow(error);
  });
});

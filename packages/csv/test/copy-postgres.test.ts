import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createCsvToCopy, inspectCsv, type CsvColumnType, type InferredColumn } from '../src/index';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

const SQL_TYPES: Record<CsvColumnType, string> = {
  integer: 'bigint',
  decimal: 'numeric',
  boolean: 'boolean',
  date: 'date',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
  text: 'text',
};

let client: pg.Client;
const schema = `csv_${randomBytes(5).toString('hex')}`;

beforeAll(async () => {
  client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.query(`set search_path to ${schema}; set timezone to 'UTC'`);
});

afterAll(async () => {
  await client.query(`drop schema ${schema} cascade`);
  await client.end();
});

/** Creates a table named by the inferred field names, unquoted, and COPYs the file into it in small chunks. */
async function load(
  table: string,
  file: Uint8Array,
  columns: InferredColumn[],
  dialect = inspectCsv(file).dialect,
) {
  const names = columns.map((c) => c.field_name);
  await client.query(
    `create table ${table} (${columns.map((c) => `${c.field_name} ${SQL_TYPES[c.type]}`).join(', ')})`,
  );
  const converter = createCsvToCopy({ dialect, columns, flushBytes: 256 });
  async function* copyText(): AsyncGenerator<Uint8Array> {
    for (let at = 0; at < file.length; at += 97) yield* converter.push(file.subarray(at, at + 97));
    yield* converter.end();
  }
  await pipeline(
    Readable.from(copyText()),
    client.query(copyFrom(`copy ${table} (${names.join(', ')}) from stdin`)),
  );
  return converter;
}

describe('COPY text into PostgreSQL', () => {
  it('loads every type and awkward text exactly, under field names that need no quotes', async () => {
    const csv =
      'Order #,select,Créé le,Total,Paid,Day,At,2nd note\n' +
      '1,"tab\there",2024-03-01T10:00:00+05:30,"$1,234.50",yes,2024-02-29,2024-03-01 14:05:00.25,"back\\slash ""quoted""\nnext line"\n' +
      '-9223372036854775808,\\N,2024-03-01 14:05:00 -0500,-0.5,no,2024-12-31,2024-03-01 00:00,😀 café\r\n' +
      '3,,2024-03-01,,,,,\n';
    const file = new TextEncoder().encode(csv);
    const { columns } = inspectCsv(file, { wholeFile: true });
    expect(columns.map((c) => `${c.field_name}:${c.type}`)).toEqual([
      'order_number:integer',
      'select_col:text',
      'cree_le:timestamptz',
      'total:decimal',
      'paid:boolean',
      'day:date',
      'at:timestamp',
      'c_2nd_note:text',
    ]);
    const converter = await load('orders', file, columns);
    expect([converter.rows, converter.errors.count]).toEqual([3, 0]);

    const { rows } = await client.query<Record<string, string | null>>(
      `select order_number::text, select_col, cree_le::text, total::text, paid::text, day::text, at::text, c_2nd_note
       from orders order by order_number`,
    );
    expect(rows).toEqual([
      {
        order_number: '-9223372036854775808',
        select_col: '\\N',
        cree_le: '2024-03-01 19:05:00+00',
        total: '-0.5',
        paid: 'false',
        day: '2024-12-31',
        at: '2024-03-01 00:00:00',
        c_2nd_note: '😀 café',
      },
      {
        order_number: '1',
        select_col: 'tab\there',
        cree_le: '2024-03-01 04:30:00+00',
        total: '1234.50',
        paid: 'true',
        day: '2024-02-29',
        at: '2024-03-01 14:05:00.25',
        c_2nd_note: 'back\\slash "quoted"\nnext line',
      },
      {
        order_number: '3',
        select_col: null,
        cree_le: '2024-03-01 00:00:00+00',
        total: null,
        paid: null,
        day: null,
        at: null,
        c_2nd_note: null,
      },
    ]);
  });

  it('loads a Latin-1 file with decimal commas as UTF-8 numbers and text', async () => {
    const latin1 = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));
    const file = latin1(
      'Produit;Prix;Date\r\nCaf\u00e9 cr\u00e8me \u0080;1.234,50;01.03.2024\r\nTh\u00e9;2,5;13.03.2024\r\n',
    );
    const { dialect, columns } = inspectCsv(file, { wholeFile: true });
    expect(dialect).toMatchObject({ encoding: 'latin1', delimiter: ';' });
    await load('produits', file, columns, dialect);
    const { rows } = await client.query(
      'select produit, prix::text, date::text from produits order by produits.prix',
    );
    expect(rows).toEqual([
      { produit: 'Thé', prix: '2.5', date: '2024-03-13' },
      { produit: 'Café crème €', prix: '1234.50', date: '2024-03-01' },
    ]);
  });
});

/**
 * The yardstick: PostgreSQL's own `COPY … FROM STDIN (FORMAT csv)` on the raw file against this
 * package's conversion streamed into `COPY … FROM STDIN` (text), both into the same typed table.
 * Run: npm run bench:csv-copy -- [megabytes] [database url]
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createCsvToCopy, inspectCsv, type CsvColumnType } from '../src/index';
import { generateOrders } from './orders';

const megabytes = Number(process.argv[2] ?? 100);
const url = process.argv[3] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CHUNK = 64 * 1024;

const SQL_TYPES: Record<CsvColumnType, string> = {
  integer: 'bigint',
  decimal: 'numeric',
  boolean: 'boolean',
  date: 'date',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
  text: 'text',
};

const { bytes, rows } = generateOrders(megabytes * 1024 * 1024);
const { dialect, columns } = inspectCsv(bytes.subarray(0, 1 << 20));
const client = new pg.Client({ connectionString: url });
await client.connect();
const schema = `csv_bench_${process.pid}`;
await client.query(`create schema ${schema}; set search_path to ${schema}`);
const definition = columns.map((c) => `${c.field_name} ${SQL_TYPES[c.type]}`).join(', ');

function* slices(): Generator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += CHUNK)
    yield bytes.subarray(at, Math.min(at + CHUNK, bytes.length));
}

async function timed(label: string, table: string, run: () => Promise<void>): Promise<number> {
  await client.query(`create unlogged table ${table} (${definition})`);
  const t0 = performance.now();
  await run();
  const seconds = (performance.now() - t0) / 1000;
  const { rows: count } = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
  console.log(
    `${label.padEnd(34)} ${(megabytes / seconds).toFixed(0).padStart(4)} MB/s ${Math.round(rows / seconds / 1000)}k rows/s ` +
      `(${seconds.toFixed(2)} s, ${count[0]!.n} rows)`,
  );
  await client.query(`drop table ${table}`);
  return seconds;
}

try {
  console.log(`${megabytes} MB, ${rows} rows; unlogged tables; ${new Date().toISOString()}`);
  for (let round = 1; round <= 2; round++) {
    const csv = await timed('postgres COPY (FORMAT csv)', 'raw_csv', () =>
      pipeline(
        Readable.from(slices()),
        client.query(copyFrom(`copy raw_csv from stdin (format csv, header true)`)),
      ),
    );
    const ours = await timed('csv → COPY text (this package)', 'converted', async () => {
      const converter = createCsvToCopy({ dialect, columns });
      async function* text(): AsyncGenerator<Uint8Array> {
        for (const chunk of slices()) yield* converter.push(chunk);
        yield* converter.end();
      }
      await pipeline(Readable.from(text()), client.query(copyFrom(`copy converted from stdin`)));
    });
    console.log(`ratio (postgres csv time / ours): ${(csv / ours).toFixed(2)}`);
  }
} finally {
  await client.query(`drop schema ${schema} cascade`);
  await client.end();
}

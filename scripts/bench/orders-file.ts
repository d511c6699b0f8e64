import { once } from 'node:events';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { ordersCsvChunks } from '@tidemark/sample-data';

/** Bumped when the file's content would change for the same rows and seed, so stale caches are rebuilt. */
export const ORDERS_FILE_FORMAT = 1;

export interface OrdersFile {
  path: string;
  rows: number;
  seed: number;
  bytes: number;
  /** True when an earlier run's file was taken as it was. */
  reused: boolean;
  /** Seconds spent writing it (0 when reused). */
  seconds: number;
}

interface Meta {
  format: number;
  rows: number;
  seed: number;
  bytes: number;
}

export type ChunkSource = (options: { rows: number; seed: number }) => Iterable<string>;

/**
 * The seeded orders CSV, written once into `outDir` and reused by later runs: a sidecar names its rows,
 * seed and size, and is written last, so a file cut short by Ctrl-C is never taken for a finished one.
 */
export async function ensureOrdersFile(input: {
  outDir: string;
  rows: number;
  seed: number;
  chunks?: ChunkSource;
}): Promise<OrdersFile> {
  const { outDir, rows, seed } = input;
  const base = path.join(outDir, `orders-${rows}-seed${seed}`);
  const file = `${base}.csv`;
  const metaFile = `${base}.json`;
  const cached = readMeta(metaFile);
  if (
    cached &&
    cached.format === ORDERS_FILE_FORMAT &&
    cached.rows === rows &&
    cached.seed === seed &&
    existsSync(file) &&
    statSync(file).size === cached.bytes
  ) {
    return { path: file, rows, seed, bytes: cached.bytes, reused: true, seconds: 0 };
  }
  mkdirSync(outDir, { recursive: true });
  rmSync(metaFile, { force: true });
  const partial = `${file}.partial`;
  const started = performance.now();
  const out = createWriteStream(partial);
  const chunks = input.chunks ?? ((o) => ordersCsvChunks(o));
  try {
    for (const chunk of chunks({ rows, seed })) {
      // The generator's text is ASCII decoded as latin1: writing latin1 gives back its exact bytes.
      if (!out.write(chunk, 'latin1')) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
  } catch (error) {
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, file);
  const bytes = statSync(file).size;
  const meta: Meta = { format: ORDERS_FILE_FORMAT, rows, seed, bytes };
  writeFileSync(metaFile, `${JSON.stringify(meta)}\n`);
  return { path: file, rows, seed, bytes, reused: false, seconds: (performance.now() - started) / 1000 };
}

function readMeta(file: string): Meta | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Meta;
  } catch {
    return undefined;
  }
}

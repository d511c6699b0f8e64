// Bundles the server and our workspace packages into dist/; npm dependencies stay external and load from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { buildCollector } from '../../packages/collector/build.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies }).filter((name) => !name.startsWith('@tidemark/'));

await build({
  entryPoints: {
    server: 'src/server.ts',
    worker: 'src/worker.ts',
    flags: 'src/cli/flags.ts',
    'cpu-worker': 'src/jobs/cpu-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});

// The collector script merchants load from /collector.js, served from beside the bundle.
await buildCollector(new URL('./dist/collector.js', import.meta.url).pathname);

// Builds the collector into one minified browser file. `outfile` lets the server's build put a copy beside its bundle.
import { build } from 'esbuild';

export async function buildCollector(outfile = new URL('./dist/collector.js', import.meta.url).pathname) {
  await build({
    entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
    outfile,
    bundle: true,
    minify: true,
    format: 'iife',
    // Old Safari and Chrome still visit stores; ES2017 keeps the syntax they parse without polyfills.
    target: 'es2017',
    platform: 'browser',
    legalComments: 'none',
    logLevel: 'warning',
  });
  return outfile;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildCollector();

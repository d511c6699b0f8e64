import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';
import type { RouteDef } from '@tidemark/contract';
import { defineConfig, runnerImport, type Plugin } from 'vite';

const CONTRACT = '@tidemark/contract';
const SRC = fileURLToPath(new URL('./src/', import.meta.url));
const CONTRACT_SRC = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));
const BROWSER_CONTRACT = '\0tidemark:browser-contract';

/**
 * Production builds only: the app's `@tidemark/contract` is the whole contract except `routes`, which holds
 * each call's method and path and none of its zod schemas. The server validates every request and serialises
 * every answer with those schemas, and it serves this very build, so checking answers again in the browser
 * cost every page the schemas of all 100-odd calls, with zod and the phone-number library, for nothing (about
 * 75 KB gzipped of the feed's first load). With pureContractConstants a page then takes only the schemas it
 * uses. Types still come from the contract, and tests and the dev server use the full one, so the app's
 * expectations are still checked against it (lib/api-client.ts).
 */
function browserContract(): Plugin {
  let table = '';
  return {
    name: 'tidemark:browser-contract',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const { module } = await runnerImport<{ routes: Record<string, RouteDef> }>(CONTRACT, {
        configFile: false,
        logLevel: 'error',
      });
      const thin = Object.fromEntries(
        Object.entries(module.routes).map(([name, r]) => [
          name,
          // `response: true` only says the call answers JSON (redirects do not).
          { method: r.method, path: r.path, ...(r.response ? { response: true } : {}) },
        ]),
      );
      table = JSON.stringify(thin);
    },
    resolveId(id, importer) {
      // Side-effect free (the schemas' `.meta` ids only feed the server's OpenAPI document): a page's chunk
      // then takes from the contract only the modules whose exports it uses, not everything this index names.
      return id === CONTRACT && importer?.startsWith(SRC)
        ? { id: BROWSER_CONTRACT, moduleSideEffects: false }
        : null;
    },
    load(id) {
      if (id !== BROWSER_CONTRACT) return null;
      // The contract's index, line for line, without the module of `routes` (whose object spreads every
      // area's routes and so would keep them all).
      const lines = readFileSync(path.join(CONTRACT_SRC, 'index.ts'), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '');
      const modules = lines.map((line) => {
        const match = /^export \* from '\.\/([\w-]+)';$/.exec(line.trim());
        if (!match)
          throw new Error(
            `browser-contract: expected only "export * from './x'" in the contract index: ${line}`,
          );
        return match[1]!;
      });
      if (!modules.includes('routes'))
        throw new Error('browser-contract: the contract index no longer exports ./routes');
      return [
        ...modules
          .filter((m) => m !== 'routes')
          .map((m) => `export * from ${JSON.stringify(path.join(CONTRACT_SRC, `${m}.ts`))};`),
        `export const routes = ${table};`,
      ].join('\n');
    },
  };
}

/**
 * Production builds only, the contract's modules (after TypeScript is stripped): each top-level constant built
 * by a call, e.g. `export const UserSchema = z.object({ … }).meta({ … })`, becomes
 * `/* @__PURE__ *\/ (() => (…))()`. It runs at the same moment as before; what changes is that the bundler may
 * drop it when nothing reads it, which it cannot prove on its own for zod's chained calls. A page that uses one
 * message or helper of a contract module then no longer carries that module's schemas (and zod) with it.
 */
function pureContractConstants(): Plugin {
  const wrapped = new Set([
    'CallExpression',
    'NewExpression',
    'ObjectExpression',
    'ArrayExpression',
    'MemberExpression',
  ]);
  return {
    name: 'tidemark:pure-contract-constants',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(CONTRACT_SRC)) return null;
      const inits: Array<{ start: number; end: number }> = [];
      for (const statement of this.parse(code).body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const d of declaration.declarations) {
          if (d.init && wrapped.has(d.init.type)) inits.push({ start: d.init.start, end: d.init.end });
        }
      }
      const out = new MagicString(code);
      for (const { start, end } of inits) {
        out.prependLeft(start, '/* @__PURE__ */ (() => (');
        out.appendRight(end, '))()');
      }
      return { code: out.toString(), map: out.generateMap({ hires: true }), moduleSideEffects: false };
    },
  };
}

/**
 * Production builds only: writes `name.br` and `name.gz` beside every text file of the build, once, at high
 * levels (too slow to do per request), for the server to send to browsers that accept them
 * (apps/server/src/plugins/web.ts, `preCompressed`). The app's JavaScript is about a third of its size gzipped.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tidemark:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
        );
      for (const file of walk(outDir)) {
        if (!/\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/.test(file) || statSync(file).size < 1024)
          continue;
        const body = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              // The top level costs a minute on the largest (lazy, rarely loaded) chunks for a few per cent.
              [zlib.BROTLI_PARAM_QUALITY]: body.length > 300_000 ? 9 : zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

// The API runs on :8080 and serves the built app itself; in development Vite proxies /v1 to it.
export default defineConfig({
  plugins: [react(), browserContract(), pureContractConstants(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/v1': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/v1': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps would publish our sources; error reporting can upload hidden ones when it is configured.
    sourcemap: false,
    rollupOptions: {
      // No `manualPureFunctions: ['z']`: it applies to every call of a function named z, minified libraries'
      // included, and dropped side effects in the API reference's (Scalar's) components. The contract's
      // constants are marked pure one by one instead (pureContractConstants).
      output: {
        // zod's settings must be in place before any schema is built (see lib/zod-config.ts): zod's core
        // configuration and that file form a chunk of their own that the entry runs first.
        manualChunks: (id) =>
          /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$|[\\/]lib[\\/]zod-config/.test(id)
            ? 'zod-config'
            : undefined,
      },
    },
  },
});

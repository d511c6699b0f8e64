import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs on :8080 and serves the built app itself; in development Vite proxies /v1 to it.
export default defineConfig({
  plugins: [react()],
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
      output: {
        // zod, its configuration and the schemas built with it run in one chunk, in import order (see lib/zod-config.ts).
        // zod/v3 stays with the library that imports it (the API reference), out of every page's first load.
        manualChunks: (id) =>
          /[\\/]node_modules[\\/]zod[\\/](?!v3[\\/])|[\\/]lib[\\/]zod-config|[\\/]packages[\\/]contract[\\/]/.test(
            id,
          )
            ? 'contract'
            : undefined,
      },
    },
  },
});

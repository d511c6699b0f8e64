import { config } from 'zod/v4/core';

// zod compiles fast parsers with `new Function`, which our Content-Security-Policy (no 'unsafe-eval')
// refuses; its probe alone would be reported as a violation. main.tsx imports this first and the build puts it
// in a chunk of its own with zod's configuration (vite.config.ts), which the entry runs before any chunk that
// builds schemas, so the setting is in place before any schema is built.
config({ jitless: true });

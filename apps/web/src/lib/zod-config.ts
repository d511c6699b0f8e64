import { z } from 'zod';

// zod compiles fast parsers with `new Function`, which our Content-Security-Policy (no 'unsafe-eval')
// refuses; its probe alone would be reported as a violation. main.tsx imports this first and the build keeps
// it in one chunk with zod and the contract, so the setting is in place before any schema is built.
z.config({ jitless: true });

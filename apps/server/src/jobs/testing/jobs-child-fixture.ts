// A stand-in for worker.ts in jobs-process.test.ts: reports its pid and priority, then idles until told to go.
import { getPriority } from 'node:os';
import { becomeJobsChild } from '../jobs-process';

becomeJobsChild(() => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
process.send?.({ pid: process.pid, priority: getPriority() });
setInterval(() => undefined, 60_000);

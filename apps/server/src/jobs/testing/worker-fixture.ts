// A worker process for queue.test.ts: runs one slow, idempotent job so the test can kill it mid-run.
import pino from 'pino';
import { openPostgres } from '../../db/client';
import { createJobQueue, defineJob } from '../queue';

const [url, schema, pollSeconds = '0.5'] = process.argv.slice(2) as [string, string, string?];
const db = await openPostgres(url, 'postgres', { schema, poolSize: 2 });
const queue = createJobQueue({
  db,
  log: pino({ level: 'silent' }),
  pollSeconds: Number(pollSeconds),
  tickSeconds: 1,
  heartbeatSeconds: 0.5,
  staleAfterSeconds: 3,
});
queue.register(
  defineJob<{ key: string; holdMs: number }>({
    name: 'test.slow-total',
    retryDelay: 1,
    policy: 'stately',
    async handler(job) {
      await db.query('insert into fixture_attempts (key, job_id) values ($1, $2)', [job.data.key, job.id]);
      await job.progress({ step: 'holding' });
      // Only the first run hangs, long enough to be killed.
      if (job.retryCount === 0) await new Promise((resolve) => setTimeout(resolve, job.data.holdMs));
      // The effect lands in one statement keyed by the job's own key, so a second run cannot double it.
      await db.query(
        'insert into fixture_results (key, total) values ($1, 42) on conflict (key) do nothing',
        [job.data.key],
      );
    },
  }),
);
await queue.start({ work: true });
process.send?.('ready');
process.on('SIGTERM', () => {
  void queue
    .stop()
    .then(() => db.close())
    .then(() => process.exit(0));
});

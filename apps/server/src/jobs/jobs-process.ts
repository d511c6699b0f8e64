import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';

/**
 * `npm start` runs the job workers in a child process of the server, not on its event loop: a backfill's
 * reads, writes and row parsing then share the cores with API requests through the kernel's scheduler,
 * instead of queueing every request behind them. The child runs at a lower CPU priority, so interactive
 * requests come first when the cores are busy and jobs lose nothing when they are idle.
 */

/** The nice value of the jobs process and of the threads it starts. */
export const JOBS_NICE = 10;
/** Set by the server in its child's environment; `worker.ts` reads it. */
export const JOBS_CHILD_ENV = 'TIDEMARK_JOBS_CHILD';

const RESTART_MIN_MS = 1_000;
const RESTART_MAX_MS = 60_000;
/** A child that ran this long before dying restarts at once: its back-off starts again. */
const HEALTHY_AFTER_MS = 60_000;
/** The worker's own shutdown gives running jobs 30 s; past this it is killed. */
export const STOP_GRACE_MS = 35_000;

export interface JobsProcessLog {
  error(obj: object, message: string): void;
}

export interface JobsProcess {
  readonly pid: () => number | undefined;
  /** Asks the child to finish its running jobs and waits for it to exit; it is not restarted. */
  stop(): Promise<void>;
}

export function startJobsProcess(options: {
  /** worker.js (or worker.ts under tsx). */
  entry: URL;
  env: NodeJS.ProcessEnv;
  log: JobsProcessLog;
  /** Node's flags for the child; this process's own by default (tsx's loader under `npm run dev`). */
  execArgv?: string[];
}): JobsProcess {
  let child: ChildProcess | null = null;
  let stopping = false;
  let delay = RESTART_MIN_MS;
  let restartTimer: NodeJS.Timeout | null = null;

  const launch = () => {
    restartTimer = null;
    const startedAt = Date.now();
    const current = fork(options.entry, [], {
      env: options.env,
      stdio: 'inherit',
      ...(options.execArgv ? { execArgv: options.execArgv } : {}),
    });
    child = current;
    current.once('exit', (code, signal) => {
      if (child === current) child = null;
      if (stopping) return;
      delay = Date.now() - startedAt >= HEALTHY_AFTER_MS ? RESTART_MIN_MS : delay;
      options.log.error(
        { code, signal, restartInSeconds: delay / 1000 },
        'the jobs process stopped; it is restarted (a job it was running is retried)',
      );
      restartTimer = setTimeout(launch, delay);
      delay = Math.min(delay * 2, RESTART_MAX_MS);
    });
  };
  launch();

  return {
    pid: () => child?.pid,
    stop: async () => {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
      current.kill('SIGTERM');
      const kill = setTimeout(() => current.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(kill);
    },
  };
}

/**
 * In the child: lower this thread's priority before any job thread exists (threads inherit it), and leave
 * when the server is gone, so no orphan keeps working a database that is closing.
 */
export function becomeJobsChild(shutdown: (reason: string) => void): void {
  try {
    setPriority(JOBS_NICE);
  } catch {
    // Not allowed here (a container without the right): the jobs run at the server's own priority.
  }
  process.once('disconnect', () => shutdown('server gone'));
}

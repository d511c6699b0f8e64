import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CpuTaskName, CpuTasks } from './cpu-tasks';
import { packNumbers, unpackNumbers } from './cpu-codec';

/**
 * CPU-heavy steps (model fits, forecasts) run in worker threads, so the event loop keeps answering API
 * requests. Each task has a hard time limit: a task that overruns has its thread terminated (a stuck
 * loop cannot be interrupted any other way) and a fresh thread takes its place.
 */
export class CpuTaskTimeoutError extends Error {
  constructor(
    readonly task: string,
    readonly timeoutMs: number,
  ) {
    super(`${task} took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`);
    this.name = 'CpuTaskTimeoutError';
  }
}

export class CpuTaskError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CpuTaskError';
  }
}

export interface CpuPool {
  run<K extends CpuTaskName>(
    task: K,
    input: Parameters<CpuTasks[K]>[0],
    options?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<Awaited<ReturnType<CpuTasks[K]>>>;
  readonly size: number;
  close(): Promise<void>;
}

interface Pending {
  id: number;
  task: string;
  input: unknown;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
  timer: NodeJS.Timeout | null;
  onAbort: (() => void) | null;
}

/** One thread fewer than the cores (at least one): the API keeps a core of its own. */
export const defaultPoolSize = (): number => Math.max(1, availableParallelism() - 1);

export function createCpuPool(options: { size?: number; defaultTimeoutMs?: number } = {}): CpuPool {
  const size = Math.max(1, options.size ?? defaultPoolSize());
  const defaultTimeoutMs = options.defaultTimeoutMs ?? 120_000;
  const queue: Pending[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  // Built: dist/cpu-worker.js beside the bundle. From source (tests, tsx): the .ts entry through tsx.
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? './cpu-worker.ts' : './cpu-worker.js', import.meta.url);

  function spawn(): Slot {
    // From source the thread registers tsx's loader itself: loader flags do not reach worker threads.
    const worker = fromSource
      ? new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`,
          { eval: true },
        )
      : new Worker(entry);
    // An idle thread must not keep the process alive.
    worker.unref();
    const slot: Slot = { worker, busy: null, timer: null, onAbort: null };
    worker.on('message', (message: { id: number; ok: boolean; value?: unknown; error?: string }) => {
      const job = slot.busy;
      if (!job || job.id !== message.id) return;
      finish(slot);
      if (message.ok) job.resolve(unpackNumbers(message.value));
      else job.reject(new CpuTaskError(message.error ?? 'the task failed'));
      pump();
    });
    worker.on('error', (error) => {
      const job = slot.busy;
      finish(slot);
      replace(slot);
      job?.reject(new CpuTaskError(error.message));
      pump();
    });
    worker.on('exit', () => {
      // A thread that exits on its own (out of memory) takes its task with it; the slot gets a new one.
      if (closed || !slots.includes(slot)) return;
      const job = slot.busy;
      finish(slot);
      replace(slot);
      job?.reject(new CpuTaskError('the worker thread stopped'));
      pump();
    });
    return slot;
  }

  function finish(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.onAbort && slot.busy?.signal) slot.busy.signal.removeEventListener('abort', slot.onAbort);
    slot.timer = null;
    slot.onAbort = null;
    slot.busy = null;
  }

  function replace(slot: Slot) {
    const index = slots.indexOf(slot);
    if (index < 0) return;
    slots.splice(index, 1);
    void slot.worker.terminate();
    if (!closed) slots.push(spawn());
  }

  function kill(slot: Slot, error: Error) {
    const job = slot.busy;
    finish(slot);
    replace(slot);
    job?.reject(error);
    pump();
  }

  function pump() {
    for (const slot of slots) {
      if (slot.busy) continue;
      const job = queue.shift();
      if (!job) return;
      if (job.signal?.aborted) {
        job.reject(job.signal.reason instanceof Error ? job.signal.reason : new Error('aborted'));
        continue;
      }
      slot.busy = job;
      slot.worker.ref();
      slot.timer = setTimeout(
        () => kill(slot, new CpuTaskTimeoutError(job.task, job.timeoutMs)),
        job.timeoutMs,
      );
      if (job.signal) {
        slot.onAbort = () =>
          kill(slot, job.signal!.reason instanceof Error ? job.signal!.reason : new Error('aborted'));
        job.signal.addEventListener('abort', slot.onAbort, { once: true });
      }
      const transfer: ArrayBuffer[] = [];
      const input = packNumbers(job.input, transfer);
      slot.worker.postMessage({ id: job.id, task: job.task, input }, transfer);
    }
    for (const slot of slots) if (!slot.busy) slot.worker.unref();
  }

  return {
    size,
    run(task, input, runOptions = {}) {
      if (closed) return Promise.reject(new Error('the CPU pool is closed'));
      if (slots.length === 0) for (let i = 0; i < size; i++) slots.push(spawn());
      return new Promise((resolve, reject) => {
        queue.push({
          id: nextId++,
          task,
          input,
          timeoutMs: runOptions.timeoutMs ?? defaultTimeoutMs,
          signal: runOptions.signal,
          resolve: resolve as (value: unknown) => void,
          reject,
        });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('the CPU pool closed'));
      await Promise.all(
        slots.splice(0).map(async (slot) => {
          const job = slot.busy;
          finish(slot);
          job?.reject(new Error('the CPU pool closed'));
          await slot.worker.terminate();
        }),
      );
    },
  };
}

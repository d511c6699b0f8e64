import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { packNumbers, unpackNumbers } from './cpu-codec';
import { cpuTasks, type CpuTaskName } from './cpu-tasks';

// On Linux a thread has its own nice value: analysis yields the cores to API requests, so the feed
// stays quick while a backfill runs. Where that is not allowed, the thread keeps the normal priority.
try {
  setPriority(10);
} catch {
  // not permitted here
}

// A thread of the CPU pool: runs one task at a time and answers with its result or its error.
parentPort!.on('message', (message: { id: number; task: string; input: unknown }) => {
  try {
    const task = cpuTasks[message.task as CpuTaskName] as ((input: unknown) => unknown) | undefined;
    if (!task) throw new Error(`unknown task ${message.task}`);
    const transfer: ArrayBuffer[] = [];
    const value = packNumbers(task(unpackNumbers(message.input)), transfer);
    parentPort!.postMessage({ id: message.id, ok: true, value }, transfer);
  } catch (error) {
    parentPort!.postMessage({
      id: message.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});

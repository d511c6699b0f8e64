import { parentPort } from 'node:worker_threads';
import { cpuTasks, type CpuTaskName } from './cpu-tasks';

// A thread of the CPU pool: runs one task at a time and answers with its result or its error.
parentPort!.on('message', (message: { id: number; task: string; input: unknown }) => {
  try {
    const task = cpuTasks[message.task as CpuTaskName] as ((input: unknown) => unknown) | undefined;
    if (!task) throw new Error(`unknown task ${message.task}`);
    parentPort!.postMessage({ id: message.id, ok: true, value: task(message.input) });
  } catch (error) {
    parentPort!.postMessage({
      id: message.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});

import { describe, expect, it } from 'vitest';
import { createCleanup } from './cleanup';

describe('createCleanup', () => {
  it('runs the steps once, last registered first, carrying on past a failing one', async () => {
    const done: string[] = [];
    const logged: string[] = [];
    const cleanup = createCleanup((m) => logged.push(m));
    cleanup.add('drop the database', () => {
      done.push('drop');
    });
    cleanup.add('stop the server', async () => {
      done.push('stop');
      throw new Error('already stopped');
    });
    cleanup.add('close the pool', () => {
      done.push('close');
    });
    // Ctrl-C during the normal end: both callers wait for the same single pass.
    await Promise.all([cleanup.run(), cleanup.run()]);
    await cleanup.run();
    expect(done).toEqual(['close', 'stop', 'drop']);
    expect(logged).toEqual(['cleanup: stop the server failed: already stopped']);
  });
});

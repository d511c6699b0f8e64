import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import {
  childPids,
  kbToMb,
  parseProcStat,
  parseProcStatus,
  processCpuSeconds,
  processMemory,
} from './process-memory';

const STATUS = `Name:\tnode
Umask:\t0022
State:\tS (sleeping)
Pid:\t4242
VmPeak:\t 11927004 kB
VmSize:\t 11861468 kB
VmLck:\t       0 kB
VmHWM:\t  412345 kB
VmRSS:\t  198765 kB
RssAnon:\t  150000 kB
Threads:\t11
`;

describe('parseProcStatus', () => {
  it('reads the peak (VmHWM) and current (VmRSS) resident sizes in kB, not VmPeak', () => {
    expect(parseProcStatus(STATUS)).toEqual({ peakKb: 412_345, currentKb: 198_765 });
    expect(kbToMb(412_345)).toBeCloseTo(402.68, 2);
  });

  it('says which line is missing (a kernel thread has no memory lines)', () => {
    expect(() => parseProcStatus('Name:\tkthreadd\nVmRSS:\t1 kB\n')).toThrow('no VmHWM line');
  });

  it.runIf(process.platform === 'linux')('reads this very process', () => {
    const memory = processMemory(process.pid);
    expect(memory.peakKb).toBeGreaterThanOrEqual(memory.currentKb);
    expect(memory.currentKb).toBeGreaterThan(0);
  });
});

describe('parseProcStat', () => {
  it("reads user and system CPU seconds and its ended children's, also when the command name has spaces and parentheses", () => {
    const line =
      '4242 (node (bench) x) S 1 4242 4242 0 -1 4194560 51234 0 12 0 1234 567 89 11 20 0 11 0 8000 1000000 40000\n';
    expect(parseProcStat(line)).toEqual({ userS: 12.34, systemS: 5.67, endedChildrenS: 1 });
  });

  it('refuses a line it cannot read', () => {
    expect(() => parseProcStat('garbage')).toThrow('unreadable');
  });

  it.runIf(process.platform === 'linux')('reads this very process', () => {
    expect(processCpuSeconds(process.pid)).toBeGreaterThan(0);
  });
});

describe.runIf(process.platform === 'linux')('childPids', () => {
  it('finds a live child by its command name, and not once it has ended', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      expect(childPids(process.pid, 'node')).toContain(child.pid);
      expect(childPids(process.pid, 'postgres')).not.toContain(child.pid);
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill();
      await exited;
    }
    expect(childPids(process.pid, 'node')).not.toContain(child.pid);
  });
});

import { readFileSync } from 'node:fs';

export interface ProcessMemory {
  /** Peak resident set size since the process started (VmHWM), in kB. */
  peakKb: number;
  /** Resident set size now (VmRSS), in kB. */
  currentKb: number;
}

/** Reads VmHWM and VmRSS from the text of /proc/<pid>/status. */
export function parseProcStatus(text: string): ProcessMemory {
  const field = (name: string): number => {
    const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB$`, 'm').exec(text);
    if (!match) throw new Error(`/proc status has no ${name} line`);
    return Number(match[1]);
  };
  return { peakKb: field('VmHWM'), currentKb: field('VmRSS') };
}

/** Memory of a live process; Linux only. */
export function processMemory(pid: number): ProcessMemory {
  return parseProcStatus(readFileSync(`/proc/${pid}/status`, 'utf8'));
}

export const kbToMb = (kb: number): number => kb / 1024;

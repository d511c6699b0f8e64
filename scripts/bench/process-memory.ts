import { readFileSync, readdirSync } from 'node:fs';

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

/** Clock ticks per second of /proc/<pid>/stat times: 100 on every Linux build in practice (USER_HZ). */
const TICKS_PER_SECOND = 100;

/**
 * User and system CPU seconds a process has used, and those of its children that ended and were waited
 * for, from the text of /proc/<pid>/stat.
 */
export function parseProcStat(text: string): { userS: number; systemS: number; endedChildrenS: number } {
  // The command name (field 2) is in parentheses and may itself hold spaces or parentheses.
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // rest[0] is field 3 (state), so utime (field 14) and stime (field 15) are rest[11] and rest[12],
  // cutime and cstime (16, 17) rest[13] and rest[14].
  const user = Number(rest[11]);
  const system = Number(rest[12]);
  const children = Number(rest[13]) + Number(rest[14]);
  if (!Number.isFinite(user) || !Number.isFinite(system) || !Number.isFinite(children))
    throw new Error('unreadable /proc stat line');
  return {
    userS: user / TICKS_PER_SECOND,
    systemS: system / TICKS_PER_SECOND,
    endedChildrenS: children / TICKS_PER_SECOND,
  };
}

/** CPU seconds (user + system) a live process has used so far; Linux only. */
export function processCpuSeconds(pid: number): number {
  const { userS, systemS } = parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  return userS + systemS;
}

/** Every live process: its parent, command name and /proc stat line, read once. */
function processTable(): Map<number, { ppid: number; name: string; stat: string }> {
  const table = new Map<number, { ppid: number; name: string; stat: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), {
        ppid: Number(rest[1]),
        name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        stat,
      });
    } catch {
      // the process ended while we looked
    }
  }
  return table;
}

/**
 * CPU seconds of a process and every process below it (the product, its jobs process and its embedded
 * PostgreSQL's backends), split by command name. A process that ended counts through its parent, which
 * waited for it (a backend's through the postmaster), so the figure never goes backwards.
 */
export function processTreeCpuSeconds(rootPid: number): Map<string, number> {
  const table = processTable();
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid, depth = 0; p && depth < 64; p = table.get(p)?.ppid, depth++)
      if (p === rootPid) return true;
    return false;
  };
  const out = new Map<string, number>();
  for (const [pid, { name, stat }] of table) {
    if (!inTree(pid)) continue;
    const { userS, systemS, endedChildrenS } = parseProcStat(stat);
    const kind = name.startsWith('postgres') ? 'postgres' : 'node';
    out.set(kind, (out.get(kind) ?? 0) + userS + systemS + endedChildrenS);
  }
  return out;
}

/** Live child processes of `pid` whose command name starts with `name` (the server's jobs process). */
export function childPids(pid: number, name: string): number[] {
  return [...processTable()]
    .filter(([, p]) => p.ppid === pid && p.name.startsWith(name))
    .map(([child]) => child);
}

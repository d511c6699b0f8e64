import { cpus, loadavg } from 'node:os';

/** The shared machine's state, printed with every result: figures on a busy machine read differently. */
export function machineLine(): string {
  const [one, five, fifteen] = loadavg().map((l) => l.toFixed(2));
  return `machine: ${cpus().length} cores, load average ${one} ${five} ${fifteen}, node ${process.version}`;
}

import type { CostMatrix, NabProfileName } from './scorer';

/** A NAB CSV as text: first column timestamps, one named numeric column picked by header. */
export interface NabColumns {
  timestamps: string[];
  values: number[];
}

/** Parses `timestamp,<column>` CSV text; tolerates CRLF, blank lines and a missing trailing newline. */
export function parseNabCsv(text: string, column: string): NabColumns {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = (lines[0] ?? '').split(',').map((h) => h.trim());
  const col = header.indexOf(column);
  if (col < 0) throw new Error(`CSV has no column "${column}" (header: ${header.join(',')})`);
  const timestamps: string[] = [];
  const values: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const cells = (lines[i] ?? '').split(',');
    timestamps.push((cells[0] ?? '').trim());
    const raw = (cells[col] ?? '').trim();
    values.push(raw === '' ? Number.NaN : Number(raw));
  }
  return { timestamps, values };
}

/** `combined_windows.json`: `{ "<category>/<file>.csv": [[start, end], …] }`. */
export function parseWindows(json: string): Map<string, [string, string][]> {
  const parsed: unknown = JSON.parse(json);
  if (typeof parsed !== 'object' || parsed === null) throw new Error('windows file is not an object');
  const out = new Map<string, [string, string][]>();
  for (const [key, list] of Object.entries(parsed)) {
    if (!Array.isArray(list)) throw new Error(`windows of ${key} are not a list`);
    out.set(
      key,
      list.map((w: unknown) => {
        if (!Array.isArray(w) || typeof w[0] !== 'string' || typeof w[1] !== 'string')
          throw new Error(`bad window in ${key}`);
        return [w[0], w[1]];
      }),
    );
  }
  return out;
}

/** `profiles.json`: `{ <profile>: { CostMatrix: { tpWeight, fpWeight, fnWeight } } }`. */
export function parseProfiles(json: string): Record<NabProfileName, CostMatrix> {
  const parsed = JSON.parse(json) as Record<string, { CostMatrix?: Partial<CostMatrix> } | undefined>;
  const pick = (name: NabProfileName): CostMatrix => {
    const m = parsed[name]?.CostMatrix;
    if (typeof m?.tpWeight !== 'number' || typeof m.fpWeight !== 'number' || typeof m.fnWeight !== 'number') {
      throw new Error(`profile ${name} lacks tpWeight/fpWeight/fnWeight`);
    }
    return { tpWeight: m.tpWeight, fpWeight: m.fpWeight, fnWeight: m.fnWeight };
  };
  return {
    standard: pick('standard'),
    reward_low_FP_rate: pick('reward_low_FP_rate'),
    reward_low_FN_rate: pick('reward_low_FN_rate'),
  };
}

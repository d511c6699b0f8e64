/** Test helpers: a small RFC 4180 reader and a parser for the store's local timestamps. */

const SPECIAL = /[",\r\n]/g;

/** Parses CSV text per RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field: string;
    if (text[i] === '"') {
      field = '';
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote < 0) throw new Error('unterminated quoted field');
        field += text.slice(from, quote);
        if (text[quote + 1] === '"') {
          field += '"';
          from = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
    } else {
      SPECIAL.lastIndex = i;
      const match = SPECIAL.exec(text);
      const end = match ? match.index : text.length;
      if (match?.[0] === '"') throw new Error(`quote inside an unquoted field at ${end}`);
      field = text.slice(i, end);
      i = end;
    }
    row.push(field);
    const separator = text[i];
    if (separator === ',') {
      i++;
      if (i === text.length) row.push('');
    } else if (separator === '\n' || separator === '\r' || separator === undefined) {
      i += separator === '\r' && text[i + 1] === '\n' ? 2 : 1;
      rows.push(row);
      row = [];
    } else {
      throw new Error(`unexpected ${separator} after a quoted field at ${i}`);
    }
  }
  return rows;
}

export interface Stamp {
  /** The instant, epoch ms. */
  utc: number;
  /** Local calendar date, 'YYYY-MM-DD'. */
  date: string;
  /** Local hour of day. */
  hour: number;
  /** Offset in minutes. */
  offset: number;
}

const STAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/;

/** Reads '2025-11-28 09:15:42 -0500'. */
export function parseStamp(text: string): Stamp {
  const match = STAMP.exec(text);
  if (!match) throw new Error(`not a local timestamp: ${text}`);
  const [year, month, day, hour, minute, second, sign, offsetHours, offsetMinutes] = match
    .slice(1)
    .map((part) => (part === '+' ? 1 : part === '-' ? -1 : Number(part)));
  const offset = (sign ?? 1) * ((offsetHours ?? 0) * 60 + (offsetMinutes ?? 0));
  const wall = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0);
  return { utc: wall - offset * 60_000, date: text.slice(0, 10), hour: hour ?? 0, offset };
}

/** 'YYYY-MM-DD' moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 0 = Sunday. */
export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Least-squares slope of y against x. */
export function slope(points: ReadonlyArray<readonly [number, number]>): number {
  const mx = mean(points.map(([x]) => x));
  const my = mean(points.map(([, y]) => y));
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) * (x - mx);
  }
  return num / den;
}

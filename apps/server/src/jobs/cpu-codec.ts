/**
 * Long arrays of numbers cross to and from the CPU pool's threads as transferred Float64Arrays.
 * Structured cloning copies a plain array element by element on the sending thread: an hourly run's
 * 132 series of 9,500 buckets blocked the API thread for half a second. A packed array is moved, not copied.
 */

const KEY = '__tm_f64';
// Shorter arrays cost less to clone than to pack.
const MIN_LENGTH = 64;

interface Packed {
  [KEY]: Float64Array;
  /** 1 where the element was null (NaN stays NaN), or null when there was none. */
  nulls: Uint8Array | null;
}

function numeric(a: unknown[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const v = a[i];
    if (v !== null && typeof v !== 'number') return false;
  }
  return true;
}

/**
 * A copy of value with every long array of numbers (and nulls) packed; their buffers go into transfer.
 * An array met twice (series sharing one grid of times) is packed once and stays shared.
 */
export function packNumbers(
  value: unknown,
  transfer: ArrayBuffer[],
  seen: Map<unknown[], Packed> = new Map(),
): unknown {
  if (Array.isArray(value)) {
    const again = seen.get(value);
    if (again) return again;
    if (value.length >= MIN_LENGTH && numeric(value)) {
      const values = new Float64Array(value.length);
      let nulls: Uint8Array | null = null;
      for (let i = 0; i < value.length; i++) {
        const v = value[i] as number | null;
        if (v === null) {
          nulls ??= new Uint8Array(value.length);
          nulls[i] = 1;
          values[i] = Number.NaN;
        } else values[i] = v;
      }
      transfer.push(values.buffer as ArrayBuffer);
      if (nulls) transfer.push(nulls.buffer as ArrayBuffer);
      const packed: Packed = { [KEY]: values, nulls };
      seen.set(value, packed);
      return packed;
    }
    return value.map((v) => packNumbers(v, transfer, seen));
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = packNumbers(v, transfer, seen);
    return out;
  }
  return value;
}

/** The value packNumbers packed, with its arrays as they were (shared ones shared again). */
export function unpackNumbers(value: unknown, seen: Map<object, unknown[]> = new Map()): unknown {
  if (Array.isArray(value)) return value.map((v) => unpackNumbers(v, seen));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const packed = value as Partial<Packed>;
    const values = packed[KEY];
    if (values instanceof Float64Array) {
      const again = seen.get(value);
      if (again) return again;
      const out = new Array<number | null>(values.length);
      const nulls = packed.nulls;
      for (let i = 0; i < values.length; i++) out[i] = nulls && nulls[i] ? null : values[i]!;
      seen.set(value, out);
      return out;
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = unpackNumbers(v, seen);
    return out;
  }
  return value;
}

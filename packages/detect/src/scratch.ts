/**
 * Work arrays reused from one call to the next. The engine is synchronous and never hands them to a
 * caller, so one array per slot is safe; allocating and zeroing about half a megabyte per series would
 * otherwise cost as much as the fit itself. Contents are stale: callers write before they read.
 */
const slots: Float64Array[] = [];

export const SLOT_RANGE = 0;
export const SLOT_TREND = 1;

export function scratch(slot: number, size: number): Float64Array {
  let a = slots[slot];
  if (!a || a.length < size) {
    a = new Float64Array(Math.max(size, 4096));
    slots[slot] = a;
  }
  return a;
}

/** Consecutive views of the given lengths over one array. */
export function carve<const L extends readonly number[]>(
  mem: Float64Array,
  ...lengths: L
): { [K in keyof L]: Float64Array } {
  const out: Float64Array[] = [];
  let at = 0;
  for (const len of lengths) {
    out.push(mem.subarray(at, at + len));
    at += len;
  }
  // One view per requested length, in order: exactly the mapped tuple type.
  return out as { [K in keyof L]: Float64Array };
}

let bytes = new ArrayBuffer(0);

/** Reused byte-sized work arrays: `count` arrays of `n` entries of Uint8 (flags) and one Int32 array of `n`. */
export function scratchFlags(n: number, count: number): { flags: Uint8Array[]; ints: Int32Array } {
  const intBytes = 4 * n;
  const size = intBytes + count * n;
  if (bytes.byteLength < size) bytes = new ArrayBuffer(Math.max(size, 16384));
  const flags: Uint8Array[] = [];
  for (let k = 0; k < count; k++) flags.push(new Uint8Array(bytes, intBytes + k * n, n));
  return { flags, ints: new Int32Array(bytes, 0, n) };
}

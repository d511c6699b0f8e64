/**
 * Work arrays reused from one call to the next. The engine is synchronous and never hands them to a
 * caller, so one array per slot is safe; allocating and zeroing about half a megabyte per series would
 * otherwise cost as much as the fit itself. Contents are stale: callers write before they read.
 */
const slots: Float64Array[] = [];

export const SLOT_RANGE = 0;
export const SLOT_BREAKS = 1;
export const SLOT_TREND = 2;

export function scratch(slot: number, size: number): Float64Array {
  let a = slots[slot];
  if (!a || a.length < size) {
    a = new Float64Array(Math.max(size, 4096));
    slots[slot] = a;
  }
  return a;
}

/** Consecutive views of the given lengths over one array. */
export function carve(mem: Float64Array, ...lengths: number[]): Float64Array[] {
  const out: Float64Array[] = [];
  let at = 0;
  for (const len of lengths) {
    out.push(mem.subarray(at, at + len));
    at += len;
  }
  return out;
}

export function libfaketimePath(): string | null;
export function shiftedClockEnv(
  offsetMs: number,
  env?: Record<string, string | undefined>,
): Record<string, string>;

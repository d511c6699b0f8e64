/**
 * Reports a noteworthy but harmless condition (spec 2 §7: empty compare results are an info warning).
 * The product has no error-reporting SDK yet, so it goes to the console; swap the body when one lands.
 */
export function reportInfo(message: string, context: Record<string, unknown> = {}): void {
  console.info(`[tidemark] ${message}`, context);
}

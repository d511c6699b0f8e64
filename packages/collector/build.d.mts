/** Builds dist/collector.js (or `outfile`) and returns its path. */
export function buildCollector(outfile?: string): Promise<string>;

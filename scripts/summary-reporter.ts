import type { Reporter, TestModule } from 'vitest/node';

/** Ends the run with one plain line, 'tests: N passed, N failed, N skipped', that any CI can read. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    // CI keeps only the end of a long log: the failures are named again just above the summary line.
    const failures: string[] = [];
    const firstLine = (errors: ReadonlyArray<{ message?: string }> | undefined) =>
      (errors?.[0]?.message ?? '').split('\n')[0]!.slice(0, 300);
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') {
          failed++;
          failures.push(`${module.moduleId} > ${test.fullName}: ${firstLine(result.errors)}`);
        } else skipped++;
      }
      // A file that failed to load has no tests but must still count as a failure.
      if (
        module.state() === 'failed' &&
        ![...module.children.allTests()].some((t) => t.result().state === 'failed')
      ) {
        failed++;
        failures.push(`${module.moduleId}: ${firstLine(module.errors())}`);
      }
    }
    if (failures.length) process.stdout.write(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

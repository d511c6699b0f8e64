/**
 * Teardown steps (stop the server, drop the source database, delete temporary folders) that run once, last
 * registered first: at the end of a run, after a failure, or on Ctrl-C.
 */
export interface Cleanup {
  add(label: string, step: () => Promise<void> | void): void;
  run(): Promise<void>;
}

export function createCleanup(log: (message: string) => void = (m) => console.error(m)): Cleanup {
  const steps: Array<{ label: string; step: () => Promise<void> | void }> = [];
  let running: Promise<void> | null = null;
  const cleanup: Cleanup = {
    add(label, step) {
      steps.push({ label, step });
    },
    run() {
      running ??= (async () => {
        for (const { label, step } of steps.splice(0).reverse()) {
          try {
            await step();
          } catch (error) {
            log(`cleanup: ${label} failed: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      })();
      return running;
    },
  };
  return cleanup;
}

/** Runs `main`, then the cleanup; Ctrl-C or SIGTERM runs the cleanup and exits 130/143. */
export async function runWithCleanup(main: (cleanup: Cleanup) => Promise<void>): Promise<void> {
  const cleanup = createCleanup();
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupted = true;
    console.error(`\n${signal}: cleaning up…`);
    void cleanup.run().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await main(cleanup);
  } catch (error) {
    // After Ctrl-C the run fails because its server is gone: that is no news.
    if (!interrupted) console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  } finally {
    await cleanup.run();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

import type * as SentryModule from '@sentry/react';
import { env } from '@/config/env';

type Sentry = typeof SentryModule;

// Loaded only when a DSN is configured, so the SDK adds nothing to the pages of a deployment without one.
let sdk: Promise<Sentry> | null = null;

/** Starts error reporting once, at boot; sample rates are 1 so every failure shown to a user is reported. */
export function startErrorReporting(): void {
  if (!env.sentryDsn || sdk) return;
  const dsn = env.sentryDsn;
  sdk = import('@sentry/react').then((Sentry) => {
    Sentry.init({
      dsn,
      release: env.sentryRelease ?? undefined,
      sampleRate: 1,
      tracesSampleRate: 1,
    });
    return Sentry;
  });
}

/** Whether a failure shown to the user is also reported (so "Our team has been notified" is true). */
export const isErrorReportingOn = (): boolean => env.sentryDsn !== null;

export function reportError(error: unknown): void {
  void sdk?.then((Sentry) => Sentry.captureException(error));
}

/** Something worth knowing that is not a failure (spec 2 §7: empty compare results as an info warning). */
export function reportInfo(
  message: string,
  extra: Record<string, string | number | boolean | null> = {},
): void {
  void sdk?.then((Sentry) => Sentry.captureMessage(message, { level: 'info', extra }));
}

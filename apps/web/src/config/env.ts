/**
 * Build-time configuration, read once from Vite's `import.meta.env` and validated here.
 * Nothing else in the app reads `import.meta.env`.
 */

function url(name: string, value: string | undefined, fallback: string): string {
  const candidate = value?.trim() || fallback;
  try {
    return new URL(candidate).toString();
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${candidate}"`);
  }
}

function email(name: string, value: string | undefined, fallback: string): string {
  const candidate = value?.trim() || fallback;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(candidate)) throw new Error(`${name} must be an e-mail address`);
  return candidate;
}

function optionalUrl(name: string, value: string | undefined): string | null {
  return value?.trim() ? url(name, value, value) : null;
}

const raw = import.meta.env;

export const env = {
  /** External North Star app, opened from the top bar for users with is_north_star_enabled. */
  northStarUrl: url('VITE_NORTH_STAR_URL', raw.VITE_NORTH_STAR_URL, 'https://northstar.tidemark.app/'),
  termsUrl: url('VITE_TERMS_URL', raw.VITE_TERMS_URL, 'https://tidemark.app/terms'),
  privacyUrl: url('VITE_PRIVACY_URL', raw.VITE_PRIVACY_URL, 'https://tidemark.app/privacy'),
  supportEmail: email('VITE_SUPPORT_EMAIL', raw.VITE_SUPPORT_EMAIL, 'support@tidemark.app'),
  /** Error reporting (Sentry); without it failures are only shown, not reported. */
  sentryDsn: optionalUrl('VITE_SENTRY_DSN', raw.VITE_SENTRY_DSN),
  sentryRelease: raw.VITE_SENTRY_RELEASE?.trim() || null,
  /** The support chat's website id (Crisp); without it, help is a prefilled mail to supportEmail. */
  supportChatId: raw.VITE_SUPPORT_CHAT_ID?.trim() || null,
  isTest: raw.MODE === 'test',
} as const;

export type Env = typeof env;

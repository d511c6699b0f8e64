/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_NORTH_STAR_URL?: string;
  readonly VITE_TERMS_URL?: string;
  readonly VITE_PRIVACY_URL?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_SENTRY_DSN?: string;
  readonly VITE_SUPPORT_CHAT_ID?: string;
  readonly VITE_SENTRY_RELEASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/server/src/config or apps/server/dist: both sit two levels below apps/. */
const appsDir = path.resolve(here, here.endsWith(`${path.sep}config`) ? '../../..' : '../..');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: optionalString,
  TRUST_PROXY: optionalString,
  SOURCE_ALLOWED_NETWORKS: optionalString,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  PUBLIC_URL: optionalString,
  SESSION_SECRET: optionalString,
  ENCRYPTION_KEY: optionalString,
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  SMTP_URL: optionalString,
  DEV_OUTBOX: z.enum(['true', 'false']).optional(),
  MAIL_FROM: z.string().default('Tidemark <no-reply@tidemark.local>'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  SHOPIFY_API_KEY: optionalString,
  SHOPIFY_API_SECRET: optionalString,
  SHOPIFY_API_ENDPOINT: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^\s/]/.test(v),
    'STRIPE_API_URL must be an http(s) URL',
  ),
  SLACK_CLIENT_ID: optionalString,
  SLACK_CLIENT_SECRET: optionalString,
  SLACK_API_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^\s/]/.test(v),
    'SLACK_API_URL must be an http(s) URL',
  ),
  SLACK_SIGNING_SECRET: optionalString,
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  TWILIO_API_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^\s/]/.test(v),
    'TWILIO_API_URL must be an http(s) URL',
  ),
  SENTRY_DSN: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^@/]+@[^/]+\/.+$/.test(v),
    'SENTRY_DSN must look like https://<key>@<host>/<project>',
  ),
  SENTRY_RELEASE: optionalString,
  POSTHOG_KEY: optionalString,
  POSTHOG_HOST: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^\s/]/.test(v),
    'POSTHOG_HOST must be an http(s) URL',
  ),
  MICROSOFT_ISSUER: z.string().default('https://login.microsoftonline.com/organizations/v2.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  WEB_DIST_DIR: z.string().default(path.join(appsDir, 'web', 'dist')),
  MAGIC_LINK_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(5),
  MAGIC_LINK_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  MAGIC_LINK_CAP_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  RUN_JOBS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  JOBS_PROCESS: z.enum(['separate', 'inline']).default('separate'),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  PIPELINE_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  PIPELINE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(120),
  EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  COLLECT_LIMIT_PER_IP: z.coerce.number().int().positive().default(600),
  COLLECT_LIMIT_PER_KEY: z.coerce.number().int().positive().default(60_000),
  NOTIFICATION_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  POLL_STATUS_PAGES: z.enum(['true', 'false']).optional(),
  STATUS_POLL_INTERVAL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(180),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Addresses (IPs, CIDRs or proxy-addr's names) of the proxies whose X-Forwarded-* headers are believed; none by default. */
  trustProxy: string[];
  /**
   * SOURCE_ALLOWED_NETWORKS: the only non-public networks a workspace's database source may reach (CIDRs), or
   * `none`. Unset: all of them on the embedded trial, none on a deployment (see net/outbound.ts).
   */
  sourceAllowedNetworks: string[] | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  secureCookies: boolean;
  sessionTtlDays: number;
  /** Signs short-lived cookies; generated and kept in the database when not set. */
  sessionSecret: string | undefined;
  /** 32 bytes (hex or base64) that encrypt stored credentials; see crypto/sealer.ts for the default. */
  encryptionKey: string | undefined;
  smtpUrl: string | undefined;
  /**
   * Serve the local outbox (sign-in links, when no SMTP_URL is set) although DATABASE_URL is set; never under
   * NODE_ENV=production. Off by default on a deployment, where a same-machine proxy would pass as loopback.
   */
  devOutbox: boolean;
  mailFrom: string;
  oidc: {
    google: OidcProviderConfig | undefined;
    microsoft: OidcProviderConfig | undefined;
  };
  /** The Shopify app's credentials; the Shopify connector says it is not configured without them. */
  shopify: { apiKey: string; apiSecret: string; endpoint: string | undefined } | undefined;
  /**
   * Stripe: Checkout and the customer portal with the secret key; plan changes from webhooks signed with the
   * webhook secret. `apiUrl` (tests only) points the official client at a local server answering like Stripe.
   */
  stripe: { secretKey: string; webhookSecret: string | undefined; apiUrl: string | undefined } | undefined;
  /** The Slack app's credentials ('Add to Slack'); apiUrl replaces Slack's Web API base in tests. */
  slack: { clientId: string; clientSecret: string; apiUrl: string | undefined } | undefined;
  /** Verifies Slack's interactivity requests (button clicks); without it they are refused. */
  slackSigningSecret: string | undefined;
  /**
   * Twilio for SMS alerts and phone verification codes; `apiUrl` (tests only) points the official client at a
   * local server answering like Twilio's API. SMS says it is not configured without it.
   */
  twilio: { accountSid: string; authToken: string; from: string; apiUrl: string | undefined } | undefined;
  /** Sentry (or a compatible service) for unexpected server failures; only logged without it. */
  sentryDsn: string | undefined;
  /** The release reported with errors. */
  release: string | undefined;
  /** A PostHog-compatible capture endpoint; product-analytics events are only stored without it. */
  posthog: { key: string; host: string } | undefined;
  logLevel: string;
  logFormat: 'json' | 'pretty';
  webDistDir: string;
  /** Sign-in links per address from one client (IP, or IPv6 /64) per 15 minutes. */
  magicLinkLimitPerAddress: number;
  magicLinkLimitPerIp: number;
  /** Sign-in links per address from all clients together per 15 minutes: a distributed flood. */
  magicLinkCapPerAddress: number;
  seedDemo: boolean;
  /** Load the demo workspace's sample store through the CSV import on first start. */
  seedDemoData: boolean;
  /** Run job workers in this process (the default); `npm run worker` runs them alone. */
  runJobs: boolean;
  /** `npm start`: jobs in a child process of the server (separate) or on its own event loop (inline). */
  jobsProcess: 'separate' | 'inline';
  jobPollSeconds: number;
  /** Worker threads for model fits; by default one fewer than the cores. */
  pipelineThreads: number | undefined;
  /** Hard limit of one metric's analysis at one grain. */
  pipelineTimeoutSeconds: number;
  /** Days raw site events are kept; older day partitions are dropped (rollups stay). */
  eventsRetentionDays: number;
  /** Collector requests per minute from one IP, and to one site key. */
  collectLimitPerIp: number;
  collectLimitPerKey: number;
  /** Seconds before an alert's first redelivery after a channel failed; doubled each time (8 retries). */
  notificationRetrySeconds: number;
  /** Whether the status-page poller runs (POLL_STATUS_PAGES; on by default, off under NODE_ENV=test). */
  pollStatusPages: boolean;
  /** Default seconds between two polls of one provider's status page. */
  statusPollIntervalSeconds: number;
}

export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

function provider(id: string | undefined, secret: string | undefined, issuer: string) {
  return id && secret ? { issuer, clientId: id, clientSecret: secret } : undefined;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `TRUST_PROXY=10.0.0.0/8, 127.0.0.1` — each entry an IP, a CIDR, or one of proxy-addr's names. */
export function parseTrustProxy(value: string | undefined): string[] {
  if (!value) return [];
  const entries = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [ip, bits, extra] = entry.split('/');
    const family = isIP(ip ?? '');
    const bitsOk =
      bits === undefined ||
      (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32) && extra === undefined);
    if (!PROXY_NAMES.has(entry) && !(family && bitsOk)) {
      throw new Error(
        `Invalid environment:\n  TRUST_PROXY: "${entry}" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`,
      );
    }
  }
  return entries;
}

/** `SOURCE_ALLOWED_NETWORKS=10.20.0.0/16, fd12:3456::/48` (an address alone is one host), or `none`. */
export function parseAllowedNetworks(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  if (value.toLowerCase() === 'none') return [];
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map((entry) => {
      const [ip = '', bits, extra] = entry.split('/');
      const family = isIP(ip);
      const max = family === 6 ? 128 : 32;
      const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= max);
      if (!family || extra !== undefined || !bitsOk) {
        throw new Error(
          `Invalid environment:\n  SOURCE_ALLOWED_NETWORKS: "${entry}" is not a CIDR range (10.0.0.0/8, fd00::/8) or an IP address`,
        );
      }
      return `${ip}/${bits ?? max}`;
    });
}

/** Validates the environment once at start; nothing else reads process.env. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    // The embedded database means one machine (a laptop, a trial): stay on loopback. With DATABASE_URL the
    // server is a deployment, usually in a container that is reached from outside it.
    host: e.HOST ?? (e.DATABASE_URL ? '0.0.0.0' : '127.0.0.1'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    sourceAllowedNetworks: parseAllowedNetworks(e.SOURCE_ALLOWED_NETWORKS),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    sessionTtlDays: e.SESSION_TTL_DAYS,
    sessionSecret: e.SESSION_SECRET,
    encryptionKey: e.ENCRYPTION_KEY,
    smtpUrl: e.SMTP_URL,
    devOutbox: e.DEV_OUTBOX === 'true',
    mailFrom: e.MAIL_FROM,
    oidc: {
      google: provider(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, e.GOOGLE_ISSUER),
      microsoft: provider(e.MICROSOFT_CLIENT_ID, e.MICROSOFT_CLIENT_SECRET, e.MICROSOFT_ISSUER),
    },
    shopify:
      e.SHOPIFY_API_KEY && e.SHOPIFY_API_SECRET
        ? { apiKey: e.SHOPIFY_API_KEY, apiSecret: e.SHOPIFY_API_SECRET, endpoint: e.SHOPIFY_API_ENDPOINT }
        : undefined,
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
      : undefined,
    slack:
      e.SLACK_CLIENT_ID && e.SLACK_CLIENT_SECRET
        ? { clientId: e.SLACK_CLIENT_ID, clientSecret: e.SLACK_CLIENT_SECRET, apiUrl: e.SLACK_API_URL }
        : undefined,
    slackSigningSecret: e.SLACK_SIGNING_SECRET,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            apiUrl: e.TWILIO_API_URL,
          }
        : undefined,
    sentryDsn: e.SENTRY_DSN,
    release: e.SENTRY_RELEASE,
    posthog:
      e.POSTHOG_KEY && e.POSTHOG_HOST
        ? { key: e.POSTHOG_KEY, host: e.POSTHOG_HOST.replace(/\/+$/, '') }
        : undefined,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    webDistDir: e.WEB_DIST_DIR,
    magicLinkLimitPerAddress: e.MAGIC_LINK_LIMIT_PER_ADDRESS,
    magicLinkLimitPerIp: e.MAGIC_LINK_LIMIT_PER_IP,
    magicLinkCapPerAddress: e.MAGIC_LINK_CAP_PER_ADDRESS,
    seedDemo: e.SEED_DEMO,
    seedDemoData: e.SEED_DEMO_DATA,
    runJobs: e.RUN_JOBS,
    jobsProcess: e.JOBS_PROCESS,
    jobPollSeconds: e.JOB_POLL_SECONDS,
    pipelineThreads: e.PIPELINE_THREADS,
    pipelineTimeoutSeconds: e.PIPELINE_TIMEOUT_SECONDS,
    eventsRetentionDays: e.EVENTS_RETENTION_DAYS,
    collectLimitPerIp: e.COLLECT_LIMIT_PER_IP,
    collectLimitPerKey: e.COLLECT_LIMIT_PER_KEY,
    notificationRetrySeconds: e.NOTIFICATION_RETRY_SECONDS,
    // Off by default under test: a test polls the local fake status server itself.
    pollStatusPages: (e.POLL_STATUS_PAGES ?? (e.NODE_ENV === 'test' ? 'false' : 'true')) === 'true',
    statusPollIntervalSeconds: e.STATUS_POLL_INTERVAL_SECONDS,
  };
  return { ...config, ...overrides };
}

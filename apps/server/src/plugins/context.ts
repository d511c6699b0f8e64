import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config/env';
import type { Db, Queryable } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { JobQueue } from '../jobs/queue';
import type { Sealer } from '../crypto/sealer';
import type { CpuPool } from '../jobs/cpu-pool';

export interface AuthUser {
  userId: number;
  userUuid: string;
  email: string;
  /** The user's own workspace. */
  tenantId: number;
  isOperator: boolean;
  sessionHash: string;
  /** Whether the user belongs to the workspace the request names, when read with the session. */
  membership?: { tenantId: number; member: boolean };
  /** Set when the call is made with an API key: read-only, and pinned to the key's scope when it has one. */
  apiKey?: { keyId: number; scope: { dimName: string; dimVal: string } | null };
}

/**
 * The database alone: for verbs that run before any session exists (sign-up, the seed, the CLI) or inside
 * a caller's transaction (`{ db: tx }`).
 */
export interface DbContext {
  db: Queryable;
}

/** What every service verb receives: infrastructure plus who is calling. */
export interface BaseContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  /** Encrypts secrets at rest; null when no key is configured (database connectors then say so). */
  sealer: Sealer | null;
  /** Worker threads for CPU-heavy steps (model fits), so requests are never stalled by them. */
  cpu: CpuPool;
}

/** The infrastructure every service verb and job receives, from the app's decorations. */
export function baseContext(app: FastifyInstance, log: FastifyBaseLogger = app.log): BaseContext {
  return {
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    log,
    jobs: app.jobs,
    sealer: app.sealer,
    cpu: app.cpu,
  };
}

export interface SessionContext extends BaseContext {
  user: AuthUser;
}

/** A tenant-scoped call: the tenant is resolved and authorised once, by the auth plugin. */
export interface TenantContext extends SessionContext {
  tenantId: number;
  isDemo: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
    jobs: JobQueue;
    sealer: Sealer | null;
    cpu: CpuPool;
    /** Signs cookies and keys CSRF tokens; from SESSION_SECRET or made once and kept in the database. */
    sessionSecret: string;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    tenantId: number | null;
    isDemo: boolean;
  }
}

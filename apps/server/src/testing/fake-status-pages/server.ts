import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// A local HTTP server that answers like providers' status pages: each path serves the body a test sets (or
// the current step of a scripted timeline), with an ETag and Last-Modified, answers 304 to a matching
// conditional request, and can be told to fail (HTTP 5xx, a hang past the poller's timeout, a reset).

export type FakeMode = 'serve' | 'error500' | 'hang' | 'reset';

interface Route {
  body: string;
  contentType: string;
  modifiedAt: Date;
  mode: FakeMode;
}

export interface FakeStatusPages {
  url: string;
  /** Sets what a path serves (a new body gets a new ETag and Last-Modified). */
  set(path: string, body: string, contentType?: string): void;
  mode(path: string, mode: FakeMode): void;
  /** Requests received per path, with their conditional headers. */
  requests(
    path: string,
  ): Array<{ ifNoneMatch: string | null; ifModifiedSince: string | null; status: number }>;
  /** Most requests one path had in flight at once. */
  peakConcurrency(): number;
  close(): Promise<void>;
}

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;

export async function startFakeStatusPages(options: { delayMs?: number } = {}): Promise<FakeStatusPages> {
  const routes = new Map<string, Route>();
  const log = new Map<
    string,
    Array<{ ifNoneMatch: string | null; ifModifiedSince: string | null; status: number }>
  >();
  let inFlight = 0;
  let peak = 0;
  const sockets = new Set<Socket>();
  let clock = Date.now() - 60_000;

  const server: Server = createServer((req: IncomingMessage, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const route = routes.get(path);
    const entry = {
      ifNoneMatch: (req.headers['if-none-match'] as string | undefined) ?? null,
      ifModifiedSince: (req.headers['if-modified-since'] as string | undefined) ?? null,
      status: 0,
    };
    log.set(path, [...(log.get(path) ?? []), entry]);
    inFlight++;
    peak = Math.max(peak, inFlight);
    const done = () => {
      inFlight--;
    };
    const answer = () => {
      if (!route) {
        entry.status = 404;
        res.writeHead(404).end('not found');
        return done();
      }
      if (route.mode === 'hang') return; // never answers: the poller's timeout ends it
      if (route.mode === 'reset') {
        entry.status = -1;
        req.socket.destroy();
        return done();
      }
      if (route.mode === 'error500') {
        entry.status = 503;
        res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>503 Service Unavailable</h1>');
        return done();
      }
      const etag = etagOf(route.body);
      const lastModified = route.modifiedAt.toUTCString();
      const notModified =
        entry.ifNoneMatch !== null
          ? entry.ifNoneMatch === etag
          : entry.ifModifiedSince !== null &&
            Date.parse(entry.ifModifiedSince) >= route.modifiedAt.getTime() - 999;
      entry.status = notModified ? 304 : 200;
      if (notModified) res.writeHead(304, { etag, 'last-modified': lastModified }).end();
      else
        res
          .writeHead(200, { 'content-type': route.contentType, etag, 'last-modified': lastModified })
          .end(route.body);
      done();
    };
    if (options.delayMs) setTimeout(answer, options.delayMs);
    else answer();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    set(path, body, contentType) {
      const previous = routes.get(path);
      if (previous?.body === body) return;
      // Last-Modified has one-second resolution: each new body moves the clock on by a second at least.
      clock = Math.max(clock + 1000, Date.now() - 60_000);
      routes.set(path, {
        body,
        contentType:
          contentType ?? (body.trimStart().startsWith('<') ? 'application/xml' : 'application/json'),
        modifiedAt: new Date(clock),
        mode: previous?.mode ?? 'serve',
      });
    },
    mode(path, mode) {
      const route = routes.get(path) ?? { body: '', contentType: 'text/plain', modifiedAt: new Date(), mode };
      routes.set(path, { ...route, mode });
    },
    requests: (path) => log.get(path) ?? [],
    peakConcurrency: () => peak,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

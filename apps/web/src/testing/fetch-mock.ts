import { vi } from 'vitest';

/** Mocks only the outside world: `fetch`. Handlers are keyed "METHOD /path" (query ignored). */

export type MockAnswer = { status?: number; body?: unknown } | Response;
export type MockHandler = MockAnswer | ((request: MockRequest) => MockAnswer | Promise<MockAnswer>);

export interface MockRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function mockFetch(handlers: Record<string, MockHandler>) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const request: MockRequest = {
      method,
      url,
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>)),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler)
      return jsonResponse({ success: false, message: `No mock for ${method} ${url.pathname}` }, 404);
    const answer = typeof handler === 'function' ? await handler(request) : handler;
    if (answer instanceof Response) return answer;
    return jsonResponse(answer.body, answer.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, callsTo: (path: string) => calls.filter((c) => c.url.pathname === path) };
}

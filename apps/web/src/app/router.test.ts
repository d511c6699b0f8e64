// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { APP_ROUTE_PATTERNS } from '@tidemark/contract';
import { routes } from './router';

function patternsOf(list: RouteObject[]): string[] {
  return list.flatMap((r) => [
    ...(r.index ? ['/'] : r.path && r.path !== '*' ? [r.path] : []),
    ...patternsOf(r.children ?? []),
  ]);
}

describe('route table', () => {
  it('routes exactly the paths the server answers with 200', () => {
    expect(new Set(patternsOf(routes))).toEqual(new Set(APP_ROUTE_PATTERNS));
  });
});

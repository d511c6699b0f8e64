import { describe, expect, it } from 'vitest';
import { isAppRoute, matchesRoutePattern } from './web-routes';

describe('web route patterns', () => {
  it.each([
    ['/', true],
    ['/feed', true],
    ['/feed/', true],
    ['/events/groups/42', true],
    ['/insights/7/rootcause', true],
    ['/insights/7/a/b', true],
    ['/onboarding/postgres', true],
    ['/onboarding/connection/sync', true],
    ['/feedx', false],
    ['/events/groups', false],
    ['/events/groups/1/2', false],
    ['/wp-admin/setup.php', false],
    ['/metrics/1/2', false],
    ['/.env', false],
  ])('decides %s is an app route: %s', (path, expected) => {
    expect(isAppRoute(path)).toBe(expected);
  });

  it('needs at least one segment for a wildcard', () => {
    expect(matchesRoutePattern('/groups/:groupId/*', '/groups/1')).toBe(false);
    expect(matchesRoutePattern('/groups/:groupId/*', '/groups/1/x')).toBe(true);
  });
});

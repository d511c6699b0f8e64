import type { RunningServer } from './harness';
import { uploadOrdersWithSpike } from './recent-spike';

/** Markup an uploaded CSV may carry: each would sign out, repaint the page or add a link if parsed as HTML. */
export const HOSTILE = {
  logout: '<img src=/v1/logout>',
  style: '<style>*{display:none}</style>',
  link: '<a href=//evil.example>x</a>',
} as const;

/** The metric's display name, with markup in it. */
export const HOSTILE_METRIC = `Orders ${HOSTILE.logout}`;

/** recent-spike.ts's countries with markup for names: the one that jumps sixfold names the insight's root cause. */
export const HOSTILE_COUNTRIES = [
  [HOSTILE.logout, 40],
  [HOSTILE.style, 30],
  [HOSTILE.link, 20],
] as const;

/** Uploads those orders and configures them as the data wizard does: a count named HOSTILE_METRIC, by Country. */
export async function uploadHostileOrders(
  server: RunningServer,
  session: { cookie: string; csrf: string },
): Promise<void> {
  await uploadOrdersWithSpike(server, session, {
    countries: HOSTILE_COUNTRIES,
    metric: HOSTILE_METRIC,
    byChannel: false,
  });
}

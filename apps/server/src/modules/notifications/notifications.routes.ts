import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { alertChartPng } from './alert-chart';
import {
  getNotificationSettings,
  listSnoozes,
  removeSnooze,
  snoozeAlerts,
  updateNotificationSettings,
} from './preferences';
import { previewAlerts } from './preview';
import { describeUnsubscribe, unsubscribe } from './unsubscribe';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)} · Tidemark</title></head>
<body style="margin:0;background:#f4f6f8;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2933">
<main style="max-width:480px;margin:64px auto;padding:28px;background:#fff;border:1px solid #e3e8ee;border-radius:8px">
<div style="font-weight:700;color:#0b3d91;margin-bottom:16px">Tidemark</div><h1 style="font-size:20px;margin:0 0 12px 0">${esc(title)}</h1>${body}</main></body></html>`;
}

export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  // Mail clients send one-click unsubscribes as a form (RFC 8058); the body says nothing the token does not.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  addRoute(app, routes.getNotificationSettings, ({ ctx }) => getNotificationSettings({ ctx }));
  addRoute(app, routes.updateNotificationSettings, ({ ctx, input }) =>
    updateNotificationSettings({ ctx, input: input.body }),
  );
  addRoute(app, routes.listSnoozes, ({ ctx }) => listSnoozes({ ctx }));
  addRoute(app, routes.createSnooze, ({ ctx, input }) => snoozeAlerts({ ctx, input: input.body }));
  addRoute(app, routes.deleteSnooze, ({ ctx, input }) =>
    removeSnooze({ ctx, input: { id: input.params.id } }),
  );
  addRoute(app, routes.notificationPreview, ({ ctx, input }) =>
    previewAlerts({
      ctx,
      input: {
        severity: input.query.severity,
        monetary_impact_threshold: input.query.monetary_impact_threshold,
      },
    }),
  );
  addRoute(app, routes.alertChart, async ({ ctx, input, reply }) => {
    const png = await alertChartPng({ ctx, input: { secret: app.sessionSecret, token: input.params.token } });
    // An alert's chart never changes: Slack and mail proxies may keep it.
    return reply.type('image/png').header('cache-control', 'public, max-age=604800, immutable').send(png);
  });
  // Opening the link only asks: scanners and previews follow links, and must not unsubscribe anyone.
  addRoute(app, routes.unsubscribePage, async ({ input, reply }) => {
    const { what } = describeUnsubscribe(app.sessionSecret, input.query.token);
    const action = `/v1/notifications/unsubscribe?token=${encodeURIComponent(input.query.token)}`;
    return reply.type('text/html; charset=utf-8').send(
      page(
        `Unsubscribe from ${what}?`,
        `<p style="font-size:15px;line-height:22px">You will stop receiving ${esc(what)} from this workspace. You can turn them on again in your notification settings.</p>
<form method="post" action="${esc(action)}"><button type="submit" style="padding:10px 18px;border:0;border-radius:6px;background:#0b3d91;color:#fff;font-weight:600;font-size:14px;cursor:pointer">Unsubscribe</button></form>`,
      ),
    );
  });
  addRoute(app, routes.unsubscribe, async ({ ctx, input, reply }) => {
    const result = await unsubscribe({ ctx, input: { secret: app.sessionSecret, token: input.query.token } });
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          result.message,
          `<p style="font-size:15px;line-height:22px">You will no longer receive ${esc(result.what)} from this workspace.</p>`,
        ),
      );
  });
}

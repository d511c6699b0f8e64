import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import {
  actorFor,
  buildTestApp,
  contextOf,
  createWorkspace,
  type Actor,
  type TestApp,
} from '../../testing/build-test-app';
import { addMember } from '../tenants';
import { matches } from './alert-selection';
import { notifyItems } from './alerts';
import { dispatchDue } from './delivery';
import { takeDueOutbox } from './notifications.repository';
import { sendDueDigests } from './digests';
import { unsubscribeToken } from './unsubscribe-token';

/** An insight group as the pipeline writes it (the pipeline itself is exercised by the e2e test). */
async function insertGroup(
  t: TestApp,
  tenantId: number,
  g: { severity: 'High' | 'Medium' | 'Low'; dollar?: number | null; title?: string },
): Promise<string> {
  const [row] = await t.db.query<{ id: string }>(
    `insert into insight_groups (tenant_id, grain, draft, severity, ts_start, ts_end, top_kpi_id, dollar_impact)
     values ($1, 'd', $2, $3, now() - interval '1 day', now(), 1, $4) returning group_id::text as id`,
    [
      tenantId,
      JSON.stringify({
        group_title: g.title ?? 'Orders spiked 4x',
        group_summary: 'Orders were 480 against an expected 120.',
      }),
      g.severity,
      g.dollar ?? null,
    ],
  );
  return row!.id;
}

async function notify(t: TestApp, tenantId: number, ids: string[], now?: Date): Promise<number> {
  return t.db.transaction((tx) =>
    notifyItems({
      ctx: contextOf(t),
      tx,
      input: { tenantId, kind: 'insight_group', ids, ...(now ? { now } : {}) },
    }),
  );
}

const outboxOf = (t: TestApp, tenantId: number) =>
  t.db.query<{
    user_id: number;
    channel: string;
    item_id: string;
    status: string;
    send_after: Date;
    dedupe_key: string;
    content: { details: { escalated?: boolean } };
  }>(
    `select user_id::int, channel, item_id, status, send_after, dedupe_key, content from notification_outbox
      where tenant_id = $1 order by notification_id`,
    [tenantId],
  );

/** A header as sent, unfolded (mailparser reads List-* headers into its own shapes). */
function headerLine(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name)?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim();
}

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await what();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('notifications', () => {
  describe('matching items to members (local outbox)', () => {
    let t: TestApp;
    let owner: Actor;
    let member: Actor;
    let tenantId: number;

    beforeAll(async () => {
      t = await buildTestApp();
      const shop = await createWorkspace(t);
      owner = shop.owner;
      tenantId = shop.tenant.tenant_id;
      const other = await createWorkspace(t);
      await addMember({ ctx: t, input: { tenantId, userId: other.owner.userId, role: 'member' } });
      member = await actorFor(t, other.owner.userId);
      // The owner wants High only, from $100.
      const uuid = (await t.app.inject({ url: '/v1/auth/verify', headers: owner.headers })).json().user
        .user_uuid;
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/v1/users/${uuid}/subscriptions`,
        headers: owner.headers,
        payload: {
          preferences: [
            {
              notification_type: 'event',
              filters: {
                severity: [
                  { type: 'Medium', is_active: false },
                  { type: 'Low', is_active: false },
                ],
                monetary_impact_threshold: 100,
              },
            },
          ],
        },
      });
      expect(patch.statusCode, patch.body).toBe(200);
    });
    afterAll(() => t.close());

    it("writes one e-mail row per member whose filters the item passes, in the item's transaction", async () => {
      const medium = await insertGroup(t, tenantId, { severity: 'Medium', dollar: -500 });
      const small = await insertGroup(t, tenantId, { severity: 'High', dollar: -20 });
      const big = await insertGroup(t, tenantId, { severity: 'High', dollar: -900 });
      expect(await notify(t, tenantId, [medium, small, big])).toBe(4);
      const rows = await outboxOf(t, tenantId);
      const to = (id: string) =>
        rows
          .filter((r) => r.item_id === id)
          .map((r) => r.user_id)
          .sort();
      expect(to(medium)).toEqual([member.userId]);
      expect(to(small)).toEqual([member.userId]);
      expect(to(big)).toEqual([owner.userId, member.userId].sort());
      expect(rows.every((r) => r.channel === 'email' && r.status === 'pending')).toBe(true);
    });

    it('writes nothing when the transaction that made the item rolls back', async () => {
      const before = (await outboxOf(t, tenantId)).length;
      await expect(
        t.db.transaction(async (tx) => {
          const [g] = await tx.query<{ id: string }>(
            `insert into insight_groups (tenant_id, grain, draft, severity, ts_start, ts_end, top_kpi_id)
             values ($1, 'd', '{"group_title":"x","group_summary":"y"}', 'High', now(), now(), 1)
             returning group_id::text as id`,
            [tenantId],
          );
          await notifyItems({
            ctx: contextOf(t),
            tx,
            input: { tenantId, kind: 'insight_group', ids: [g!.id] },
          });
          throw new Error('the pipeline failed after grouping');
        }),
      ).rejects.toThrow('the pipeline failed');
      expect((await outboxOf(t, tenantId)).length).toBe(before);
    });

    it('alerts a live item again only when its severity goes up', async () => {
      const id = await insertGroup(t, tenantId, { severity: 'Low', dollar: -50 });
      expect(await notify(t, tenantId, [id])).toBe(1);
      expect(await notify(t, tenantId, [id])).toBe(0);
      await t.db.query("update insight_groups set severity = 'Medium' where group_id = $1", [id]);
      expect(await notify(t, tenantId, [id])).toBe(1);
      await t.db.query("update insight_groups set severity = 'Low' where group_id = $1", [id]);
      expect(await notify(t, tenantId, [id])).toBe(0);
      const rows = (await outboxOf(t, tenantId)).filter((r) => r.item_id === id);
      expect(rows.map((r) => [r.dedupe_key.split(':')[2], r.content.details.escalated])).toEqual([
        ['Low', false],
        ['Medium', true],
      ]);
    });

    it('alerts one loss once when the hourly and the daily pipeline both tell it', async () => {
      const shop = await createWorkspace(t);
      const tid = shop.tenant.tenant_id;
      // One afternoon's spike of Orders: the hourly group at 3 PM yesterday, the daily group for the day.
      const group = async (grain: 'h' | 'd', severity: string, start: string, end = start, kpi = 1) => {
        const [row] = await t.db.query<{ id: string }>(
          `insert into insight_groups (tenant_id, grain, draft, severity, ts_start, ts_end, top_kpi_id, dollar_impact)
           values ($1, $2, '{"group_title":"Orders rose","group_summary":"s","group_pattern_type":"Point Anomaly"}',
                   $3, ${start}, ${end}, $4, -300) returning group_id::text as id`,
          [tid, grain, severity, kpi],
        );
        return row!.id;
      };
      const day = "date_trunc('day', now()) - interval '1 day'";
      const hourly = await group('h', 'High', `${day} + interval '15 hours'`);
      const daily = await group('d', 'High', day);
      // Both new in one run: the finer one tells it.
      expect(await notify(t, tid, [hourly, daily])).toBe(1);
      expect((await outboxOf(t, tid)).map((r) => r.item_id)).toEqual([hourly]);
      // Told once, a later daily group of the same afternoon stays quiet.
      expect(await notify(t, tid, [await group('d', 'High', day)])).toBe(0);
      // Another metric, or a window that does not overlap, is another loss.
      const other = await group('d', 'High', day, day, 2);
      const before = await group('d', 'High', `${day} - interval '2 days'`);
      expect(await notify(t, tid, [other, before])).toBe(2);
      // A more severe reading of a loss alerted as Low alerts: an escalation a member may filter for.
      await t.db.query(
        'update notification_items set severity_rank = 1 where tenant_id = $1 and item_id = $2',
        [tid, hourly],
      );
      expect(await notify(t, tid, [await group('d', 'High', day)])).toBe(1);
    });

    it('skips a snoozed item or metric for the member who snoozed it, and not for others', async () => {
      const id = await insertGroup(t, tenantId, { severity: 'High', dollar: -1000 });
      const snooze = await t.app.inject({
        method: 'POST',
        url: '/v1/notifications/snoozes',
        headers: member.headers,
        query: { tenant_id: String(tenantId) },
        payload: { target_type: 'insight_group', target_id: id, duration: '1d' },
      });
      expect(snooze.statusCode, snooze.body).toBe(200);
      expect(await notify(t, tenantId, [id])).toBe(1);
      expect((await outboxOf(t, tenantId)).filter((r) => r.item_id === id).map((r) => r.user_id)).toEqual([
        owner.userId,
      ]);
      // Per metric: the groups' top metric is kpi 1 here.
      const metric = await t.app.inject({
        method: 'POST',
        url: '/v1/notifications/snoozes',
        headers: owner.headers,
        payload: { target_type: 'metric', target_id: '1', duration: '1h' },
      });
      expect(metric.statusCode).toBe(404);
      const list = await t.app.inject({
        url: '/v1/notifications/snoozes',
        headers: member.headers,
        query: { tenant_id: String(tenantId) },
      });
      expect(list.json().snoozes).toHaveLength(1);
      expect(list.json().snoozes[0]).toMatchObject({
        target_type: 'insight_group',
        target_id: id,
        target_name: 'Orders spiked 4x',
      });
      const gone = await t.app.inject({
        method: 'DELETE',
        url: `/v1/notifications/snoozes/${list.json().snoozes[0].id}`,
        headers: owner.headers,
      });
      expect(gone.statusCode).toBe(404);
    });

    it('names what each snooze silences, and says null once the item is gone', async () => {
      // A workspace of its own: the other cases count this one's items.
      const { owner, tenant } = await createWorkspace(t);
      const tenantId = tenant.tenant_id;
      const group = await insertGroup(t, tenantId, { severity: 'Low', title: 'Refunds doubled' });
      await t.db.query("update insight_groups set title = 'Refunds doubled in Germany' where group_id = $1", [
        group,
      ]);
      const [event] = await t.db.query<{ id: string }>(
        `insert into event_groups (tenant_id, sequence_id, fingerprint, start_hour, type, sub_type, status, trigger,
           ts_start, ts_end, number_of_events, severity, title, summary, description, action, error_message, pages,
           affected_components, impacted_areas, funnels, labels, impact_value, impact_basis, impact_sections, extent,
           figures)
         values ($1, 7, 'js:test', now(), 'error', 'js', 'Active', 'new', now(), now(), 3, 'Medium',
           'Checkout script errors', '', '', '', '', '{}', '{}', '{}', '{}', '{}', null, '{}', '[]', null, '{}')
         returning event_group_id::text as id`,
        [tenantId],
      );
      const snooze = (target_type: string, target_id: string) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/notifications/snoozes',
          headers: owner.headers,
          payload: { target_type, target_id, duration: '1w' },
        });
      const created = await snooze('insight_group', group);
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().data.target_name).toBe('Refunds doubled in Germany');
      expect((await snooze('event_group', event!.id)).json().data.target_name).toBe('Checkout script errors');
      await t.db.query('delete from insight_groups where group_id = $1', [group]);
      const list = await t.app.inject({ url: '/v1/notifications/snoozes', headers: owner.headers });
      const names = Object.fromEntries(
        (list.json().snoozes as Array<{ target_id: string; target_name: string | null }>).map((s) => [
          s.target_id,
          s.target_name,
        ]),
      );
      expect(names).toEqual({ [group]: null, [event!.id]: 'Checkout script errors' });
    });

    it('holds an alert during quiet hours until they end, in the workspace time zone', async () => {
      await t.db.query("update tenants set timezone = 'America/New_York' where tenant_id = $1", [tenantId]);
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/v1/notifications/settings',
        headers: member.headers,
        query: { tenant_id: String(tenantId) },
        payload: { quiet_hours: { is_active: true, start: '22:00', end: '07:00' }, scope_filter_id: null },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().channels).toContainEqual({ name: 'email', is_configured: true });
      const id = await insertGroup(t, tenantId, { severity: 'High', dollar: -1000 });
      // 23:30 in New York.
      await notify(t, tenantId, [id], new Date('2026-03-10T03:30:00Z'));
      const rows = (await outboxOf(t, tenantId)).filter((r) => r.item_id === id);
      const held = rows.find((r) => r.user_id === member.userId)!;
      const now = rows.find((r) => r.user_id === owner.userId)!;
      expect(held.send_after.toISOString()).toBe('2026-03-10T11:00:00.000Z');
      expect(now.send_after.toISOString()).toBe('2026-03-10T03:30:00.000Z');
      const badFilter = await t.app.inject({
        method: 'PUT',
        url: '/v1/notifications/settings',
        headers: member.headers,
        query: { tenant_id: String(tenantId) },
        payload: {
          quiet_hours: { is_active: false, start: '22:00', end: '07:00' },
          scope_filter_id: '999999',
        },
      });
      expect(badFilter.statusCode).toBe(400);
      expect(badFilter.json().message).toBe('This filter does not exist in this workspace.');
    });

    it('applies severity, minimum dollar impact and the alert scope', () => {
      const m = {
        severities: ['High' as const],
        monetary_impact_threshold: 100,
        scope_dim_name: null,
        scope_dim_val: null,
      };
      const item = {
        kind: 'insight_group' as const,
        severity: 'High' as const,
        dollarImpact: -150,
        dim: null,
      };
      expect(matches(item, m)).toBe(true);
      expect(matches({ ...item, severity: 'Low' }, m)).toBe(false);
      expect(matches({ ...item, dollarImpact: 99 }, m)).toBe(false);
      expect(matches({ ...item, dollarImpact: null }, m)).toBe(false);
      expect(matches({ ...item, dollarImpact: null }, { ...m, monetary_impact_threshold: 0 })).toBe(true);
      const scoped = { ...m, scope_dim_name: 'country', scope_dim_val: 'US' };
      expect(matches(item, scoped)).toBe(false);
      expect(matches({ ...item, dim: { name: 'country', val: 'US' } }, scoped)).toBe(true);
      expect(matches({ ...item, kind: 'event_group' }, scoped)).toBe(true);
    });

    it('previews how many alerts the filters would have sent over the last 4 weeks', async () => {
      const all = await t.app.inject({
        url: '/v1/notifications/preview?severity=High,Medium,Low&monetary_impact_threshold=0',
        headers: owner.headers,
      });
      expect(all.statusCode, all.body).toBe(200);
      const highBig = await t.app.inject({
        url: '/v1/notifications/preview?severity=High&monetary_impact_threshold=500',
        headers: owner.headers,
      });
      const groups = await t.db.query<{ n: number }>(
        'select count(*)::int as n from insight_groups where tenant_id = $1',
        [tenantId],
      );
      expect(all.json().total).toBe(groups[0]!.n);
      // big (-900) and the two -1000 ones.
      expect(highBig.json()).toMatchObject({ total: 3, by_severity: { High: 3, Medium: 0, Low: 0 } });
      expect(highBig.json().weeks).toHaveLength(4);
      const saved = await t.app.inject({ url: '/v1/notifications/preview', headers: owner.headers });
      expect(saved.json().total).toBe(3);
      const bad = await t.app.inject({
        url: '/v1/notifications/preview?severity=Urgent',
        headers: owner.headers,
      });
      expect(bad.statusCode).toBe(400);
    });

    it('lets two dispatchers racing each other claim every due row once', async () => {
      const at = new Date('2026-03-10T03:59:00Z');
      const due = await t.db.query<{ id: string }>(
        `select notification_id::text as id from notification_outbox
          where status = 'pending' and send_after <= $1
            and (dispatched_at is null or dispatched_at < $1::timestamptz - interval '10 minutes')`,
        [at],
      );
      expect(due.length).toBeGreaterThan(0);
      const [a, b] = await Promise.all([takeDueOutbox(t.db, at, 200), takeDueOutbox(t.db, at, 200)]);
      const taken = [...a, ...b].map((r) => r.id);
      expect(new Set(taken).size).toBe(taken.length);
      expect(taken.sort()).toEqual(due.map((r) => r.id).sort());
      // Handed back, so the delivery below finds them due.
      await t.db.query('update notification_outbox set dispatched_at = null where dispatched_at = $1', [at]);
    });

    it('delivers due rows once to the local outbox, HTML included', async () => {
      await dispatchDue(contextOf(t), new Date('2026-03-10T04:00:00Z'));
      await t.app.jobs.waitForIdle({ timeoutMs: 90_000 });
      const sent = await t.db.query<{ status: string; provider_message_id: string | null }>(
        `select status, provider_message_id from notification_outbox where tenant_id = $1 and send_after <= $2`,
        [tenantId, new Date('2026-03-10T04:00:00Z')],
      );
      expect(sent.length).toBeGreaterThan(0);
      expect(
        sent.every((r) => r.status === 'sent' && r.provider_message_id?.startsWith('<notification-')),
      ).toBe(true);
      const [mail] = await t.db.query<{ subject: string; body_html: string; body_text: string }>(
        `select subject, body_html, body_text from dev_outbox where recipient = $1 and subject like '%Orders spiked%'
          order by message_id desc limit 1`,
        [owner.email],
      );
      expect(mail!.subject).toBe('High: Orders spiked 4x');
      expect(mail!.body_html).toContain('Orders were 480 against an expected 120.');
      expect(mail!.body_text).toContain('Dollar impact: -$');
      expect(mail!.body_text).toContain('/v1/notifications/unsubscribe?token=');
      // The local outbox lists it with a link that shows it as a mail client would.
      const listed = (await t.app.inject({ url: '/v1/dev/outbox' })).json().messages as Array<{
        subject: string;
        view_url: string | null;
      }>;
      const entry = listed.find((m) => m.subject === 'High: Orders spiked 4x')!;
      const view = await t.app.inject({ url: entry.view_url! });
      expect(view.headers['content-type']).toContain('text/html');
      expect(view.body).toContain(
        '<h1 style="margin:0;font-size:20px;line-height:28px">Orders spiked 4x</h1>',
      );
      // Delivered rows are never sent again.
      const again = await dispatchDue(contextOf(t), new Date('2026-03-10T05:00:00Z'));
      await t.app.jobs.waitForIdle({ timeoutMs: 90_000 });
      expect(again).toBe(0);
    });
  });

  describe('delivery over SMTP, unsubscribe and digests', () => {
    let t: TestApp;
    let owner: Actor;
    let tenantId: number;
    let port = 0;
    let server: SMTPServer | null = null;
    const received: ParsedMail[] = [];

    const startSmtp = async () => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then((mail) => {
              received.push(mail);
              callback();
            })
            .catch((e: Error) => callback(e));
        },
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.server.address() as AddressInfo).port;
    };
    const stopSmtp = () =>
      new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

    beforeAll(async () => {
      await startSmtp();
      t = await buildTestApp({
        config: { smtpUrl: `smtp://127.0.0.1:${port}`, notificationRetrySeconds: 1 },
      });
      const shop = await createWorkspace(t);
      owner = shop.owner;
      tenantId = shop.tenant.tenant_id;
    });
    afterAll(async () => {
      await t.close();
      await stopSmtp();
    });

    it('keeps an alert while the SMTP server is away and sends it once when it is back', async () => {
      await stopSmtp();
      const id = await insertGroup(t, tenantId, {
        severity: 'High',
        dollar: -2400,
        title: 'Revenue fell 40%',
      });
      expect(await notify(t, tenantId, [id])).toBe(1);
      await dispatchDue(contextOf(t));
      const [row] = await outboxOf(t, tenantId);
      const failed = await until(
        () =>
          t.db.query<{ status: string; error: string; recipient: string }>(
            'select status, error, recipient from notification_attempts where tenant_id = $1',
            [tenantId],
          ),
        (rows) => rows.length >= 1,
      );
      expect(failed[0]).toMatchObject({ status: 'failed', recipient: owner.email });
      expect((await outboxOf(t, tenantId))[0]!.status).toBe('pending');
      expect(row).toBeDefined();
      await startSmtp();
      await until(
        () => outboxOf(t, tenantId),
        (rows) => rows[0]!.status === 'sent',
      );
      await t.app.jobs.waitForIdle({ timeoutMs: 90_000 });
      expect(received).toHaveLength(1);
      const mail = received[0]!;
      expect(mail.subject).toBe('High: Revenue fell 40%');
      expect(mail.messageId).toMatch(/^<notification-\d+@localhost>$/);
      expect(headerLine(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(headerLine(mail, 'list-unsubscribe')).toMatch(
        /^<http:\/\/localhost:8080\/v1\/notifications\/unsubscribe\?token=.+>$/,
      );
      // This group has no series to draw: no chart, and no broken image (email-render.test.ts draws one).
      expect(mail.attachments).toHaveLength(0);
      expect(String(mail.html)).not.toContain('cid:');
      expect(String(mail.html)).toContain('Orders were 480 against an expected 120.');
      expect(mail.text).toContain('Dollar impact: -$2,400.00');
      const attempts = await t.db.query<{ status: string; provider_message_id: string | null }>(
        'select status, provider_message_id from notification_attempts where tenant_id = $1 order by attempt_id',
        [tenantId],
      );
      expect(attempts.at(-1)).toMatchObject({ status: 'sent', provider_message_id: mail.messageId });
      expect(attempts.filter((a) => a.status === 'sent')).toHaveLength(1);
    });

    it("unsubscribes with the e-mail's one-click link, and a forged or someone else's edited link does nothing", async () => {
      const link = headerLine(received[0]!, 'list-unsubscribe')!.replace(/^<|>$/g, '');
      const url = new URL(link);
      const token = url.searchParams.get('token')!;
      const subs = async () => {
        const uuid = (await t.app.inject({ url: '/v1/auth/verify', headers: owner.headers })).json().user
          .user_uuid;
        const res = await t.app.inject({ url: `/v1/users/${uuid}/subscriptions`, headers: owner.headers });
        return res.json().channels.find((c: { name: string }) => c.name === 'email').is_active as boolean;
      };
      // Someone edits the link to point at another user: the signature no longer matches.
      const [a, b, ...rest] = token.split('.');
      const forged = [a, String(Number(b) + 1), ...rest].join('.');
      const bad = await t.app.inject({
        method: 'POST',
        url: `/v1/notifications/unsubscribe?token=${encodeURIComponent(forged)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('This unsubscribe link is not valid.');
      // Opening the link asks first and changes nothing.
      const page = await t.app.inject({ url: `${url.pathname}${url.search}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Unsubscribe from alert e-mails?');
      expect(await subs()).toBe(true);
      const ok = await t.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await subs()).toBe(false);
      // A valid token of a user who is not a member of the workspace it names changes nothing there.
      const stranger = await createWorkspace(t);
      const secret = t.app.sessionSecret;
      const other = unsubscribeToken(secret, {
        tenantId,
        userId: stranger.owner.userId,
        channel: 'email',
        type: 'weekly',
      });
      const res = await t.app.inject({ method: 'POST', url: `/v1/notifications/unsubscribe?token=${other}` });
      expect(res.statusCode).toBe(200);
      const rows = await t.db.query('select 1 from notification_settings where user_id = $1', [
        stranger.owner.userId,
      ]);
      expect(rows).toHaveLength(0);
    });

    it('sends the daily and weekly e-mails once per period at the chosen local time across a DST change, and never while off', async () => {
      const ctx = contextOf(t);
      await t.db.query("update tenants set timezone = 'America/New_York' where tenant_id = $1", [tenantId]);
      // Saved while New York is on UTC-5: 08:00 local is 13:00 UTC.
      const put = await t.app.inject({
        method: 'PUT',
        url: '/v1/preferences',
        headers: owner.headers,
        payload: {
          scope: 'user',
          is_active: true,
          preference_name: 'NOTIFICATION_SCHEDULE_PREFERENCE',
          preference_value: {
            daily_alerts: {
              is_active: true,
              days_of_week: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
            },
            weekly_digest: {
              is_active: true,
              start_of_week: 'sunday',
              day_time: '13:00',
              time_zone: 'America/New_York',
            },
          },
        },
      });
      expect(put.statusCode, put.body).toBe(200);
      await t.db.query("update user_preferences set updated_at = '2027-01-10T12:00:00Z' where user_id = $1", [
        owner.userId,
      ]);
      const sentAt: string[] = [];
      // 2027-03-14: clocks go forward in New York. Step through the mornings of 12–16 March.
      for (let day = 12; day <= 16; day++) {
        for (let minute = 11 * 60; minute <= 14 * 60; minute += 30) {
          const now = new Date(Date.UTC(2027, 2, day, Math.floor(minute / 60), minute % 60));
          if ((await sendDueDigests(ctx, now, tenantId)) > 0) sentAt.push(now.toISOString());
        }
      }
      expect(sentAt).toEqual([
        '2027-03-12T13:00:00.000Z',
        '2027-03-13T13:00:00.000Z',
        '2027-03-14T12:00:00.000Z',
        '2027-03-15T12:00:00.000Z',
        '2027-03-16T12:00:00.000Z',
      ]);
      const runs = await t.db.query<{ kind: string; period_key: string }>(
        'select kind, period_key from digest_runs where tenant_id = $1 order by sent_at, kind',
        [tenantId],
      );
      expect(runs.map((r) => `${r.kind}:${r.period_key}`)).toEqual([
        'daily:2027-03-11',
        'daily:2027-03-12',
        'daily:2027-03-13',
        'weekly:2027-03-07',
        'daily:2027-03-14',
        'daily:2027-03-15',
      ]);
      // Turned off: nothing, even on a day that was due.
      await t.db.query(
        `update user_preferences set preference_value = jsonb_set(preference_value, '{daily_alerts,is_active}', 'false')
          where user_id = $1`,
        [owner.userId],
      );
      expect(await sendDueDigests(ctx, new Date('2027-03-17T12:30:00Z'), tenantId)).toBe(0);
      const info = await t.app.inject({ url: '/v1/tenants/info', headers: owner.headers });
      expect(info.json().last_digest_ts.day).toBe('2027-03-16T12:00:00.000Z');
      await dispatchDue(ctx, new Date('2027-03-17T00:00:00Z'));
      await until(
        async () => received.filter((m) => /^(Daily alerts|Weekly digest)/.test(m.subject ?? '')).length,
        (n) => n === 6,
      );
      const weekly = received.find((m) => m.subject?.startsWith('Weekly digest'))!;
      expect(weekly.subject).toBe('Weekly digest: 7 Mar – 13 Mar 2027 · nothing to act on');
      expect(weekly.text).toContain('Provider health:');
    });
  });
});

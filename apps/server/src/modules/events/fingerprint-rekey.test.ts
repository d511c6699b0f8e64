import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';
import { ensurePartitions } from './events.repository';
import { fingerprintOf } from './fingerprint';
import { FINGERPRINT_VERSION, rekeyStoredErrors } from './fingerprint-rekey';

const HOUR = 3_600_000;
const T0 = Math.floor(Date.now() / HOUR) * HOUR - 6 * HOUR;
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

/** One bug as two deploys report it: the same stack, a different build hash in the bundle's name. */
const stackOf = (hash: string) =>
  `TypeError: Cannot read properties of undefined (reading 'total')\n    at applyCoupon (https://shop.example/assets/checkout.${hash}.min.js:1:2345)\n    at HTMLButtonElement.onClick (https://shop.example/assets/checkout.${hash}.min.js:1:999)`;
const MESSAGE = "Cannot read properties of undefined (reading 'total')";
// Fingerprints as the earlier code wrote them: the hash was part of the file.
const OLD_A = `js:TypeError: cannot read properties of undefined <str> applyCoupon@/assets/checkout.3f9a1c2b7d.min.js`;
const OLD_B = `js:TypeError: cannot read properties of undefined <str> applyCoupon@/assets/checkout.8e41d0aa95.min.js`;

describe('re-keying stored errors with the current fingerprint', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  const tenant = () => shop.tenant.tenant_id;

  async function plantEvent(fingerprint: string, hash: string, minute: number) {
    await t.db.query(
      `insert into site_events (tenant_id, received_at, occurred_at, session_id, kind, sub_type, page, fingerprint,
         message, detail, browser, os, device)
       values ($1, $2, $2, 's1', 'error', 'js', 'https://shop.example/checkout', $3, $4, $5, 'Chrome', 'macOS', 'desktop')`,
      [
        tenant(),
        at(minute),
        fingerprint,
        MESSAGE,
        JSON.stringify({ name: 'TypeError', stack: stackOf(hash) }),
      ],
    );
  }
  async function plantRollup(fingerprint: string, hour: number, events: number) {
    await t.db.query(
      `insert into event_rollups (tenant_id, hour, kind, sub_type, page, fingerprint, browser, os, device, events, estimated, sessions)
       values ($1, $2, 'error', 'js', '/checkout', $3, 'Chrome', 'macOS', 'desktop', $4::int, $4::int, 1)`,
      [tenant(), new Date(T0 + hour * HOUR), fingerprint, events],
    );
  }
  async function plantGroup(
    fingerprint: string,
    from: number,
    to: number,
    events: number,
    status: string,
    severity: string,
  ) {
    const [row] = await t.db.query<{ event_group_id: string }>(
      `insert into event_groups (tenant_id, sequence_id, fingerprint, start_hour, type, sub_type, status, trigger,
         ts_start, ts_end, number_of_events, severity, title, summary, description, action, error_message, pages,
         affected_components, impacted_areas, funnels, labels, impact_basis, impact_sections, figures)
       values ($1, (select coalesce(max(sequence_id), 0) + 1 from event_groups where tenant_id = $1), $2,
         date_trunc('hour', $3::timestamptz), 'error', 'js', $6, 'new', $3, $4, $5, $7, 'Checkout fails', '', '', '',
         $8, '{/checkout}', '{}', '{}', '{}', '{}', '{}', '[]', '{}')
       returning event_group_id::text`,
      [tenant(), fingerprint, at(from), at(to), events, status, severity, MESSAGE],
    );
    return row!.event_group_id;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createWorkspace(t);
    await t.app.jobs.waitForIdle();
    await ensurePartitions(t.db, new Date(T0 - HOUR), 2);
  });
  afterAll(() => t?.close());

  it('merges the groups one bug split into across a deploy, keeping counts, times, status and feedback', async () => {
    const current = fingerprintOf('js', {
      message: MESSAGE,
      detail: { name: 'TypeError', stack: stackOf('3f9a1c2b7d') },
      page: 'https://shop.example/checkout',
    });
    expect(current).toBe(
      fingerprintOf('js', {
        message: MESSAGE,
        detail: { name: 'TypeError', stack: stackOf('8e41d0aa95') },
        page: 'https://shop.example/checkout',
      }),
    );
    for (let k = 0; k < 3; k++) await plantEvent(OLD_A, '3f9a1c2b7d', 10 + k);
    for (let k = 0; k < 2; k++) await plantEvent(OLD_B, '8e41d0aa95', 70 + k);
    await plantRollup(OLD_A, 0, 3);
    await plantRollup(OLD_B, 0, 1);
    await plantRollup(OLD_B, 1, 1);
    const before = await plantGroup(OLD_A, 10, 40, 3, 'Closed', 'Medium');
    const after = await plantGroup(OLD_B, 70, 100, 2, 'Active', 'High');
    await t.db.query(
      `insert into event_group_feedback (tenant_id, event_group_id, user_id, ishelpful, comment)
       values ($1, $2, $3, true, 'broke at checkout')`,
      [tenant(), after, shop.owner.userId],
    );
    // An unrelated group stays as it was.
    const other = await plantGroup('network:GET api.example/cart 5xx', 0, 30, 9, 'Closed', 'Low');
    // The workspace's record from the test app's start says it is done: this one predates the fingerprint.
    await t.db.query('delete from error_fingerprint_versions where tenant_id = $1', [tenant()]);

    await rekeyStoredErrors({ db: t.db, log: t.app.log });

    const events = await t.db.query<{ fingerprint: string }>(
      `select distinct fingerprint from site_events where tenant_id = $1 and kind = 'error'`,
      [tenant()],
    );
    expect(events.map((e) => e.fingerprint)).toEqual([current]);
    const rollups = await t.db.query<{ hour: Date; fingerprint: string; events: number }>(
      `select hour, fingerprint, events from event_rollups where tenant_id = $1 order by hour`,
      [tenant()],
    );
    expect(rollups.map((r) => [r.hour.getTime() - T0, r.fingerprint, r.events])).toEqual([
      [0, current, 4],
      [HOUR, current, 1],
    ]);
    const groups = await t.db.query<{
      event_group_id: string;
      fingerprint: string;
      ts_start: Date;
      ts_end: Date;
      number_of_events: number;
      status: string;
      severity: string;
    }>(
      `select event_group_id::text, fingerprint, ts_start, ts_end, number_of_events, status, severity
         from event_groups where tenant_id = $1 order by event_group_id`,
      [tenant()],
    );
    expect(groups).toHaveLength(2);
    expect(groups[0]).toMatchObject({
      event_group_id: before,
      fingerprint: current,
      number_of_events: 5,
      status: 'Active',
      severity: 'High',
    });
    expect(groups[0]!.ts_start.getTime()).toBe(at(10).getTime());
    expect(groups[0]!.ts_end.getTime()).toBe(at(100).getTime());
    expect(groups[1]).toMatchObject({ event_group_id: other, number_of_events: 9 });
    const feedback = await t.db.query<{ event_group_id: string; comment: string }>(
      'select event_group_id::text, comment from event_group_feedback where tenant_id = $1',
      [tenant()],
    );
    expect(feedback).toEqual([{ event_group_id: before, comment: 'broke at checkout' }]);
    const [version] = await t.db.query<{ version: number; groups_merged: number }>(
      'select version, groups_merged from error_fingerprint_versions where tenant_id = $1',
      [tenant()],
    );
    expect(version).toEqual({ version: FINGERPRINT_VERSION, groups_merged: 1 });

    // A second run finds the workspace done and changes nothing.
    await rekeyStoredErrors({ db: t.db, log: t.app.log });
    const [count] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from event_groups where tenant_id = $1',
      [tenant()],
    );
    expect(count!.n).toBe(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createWorkspace, type TestApp } from '../testing/build-test-app';
import { ordersCsv, uploadCsv } from '../testing/uploads';
import { distributeSchema, isCitus, REFERENCE_WITH_TENANT } from './citus';

/**
 * Tables that are not distributed by tenant on Citus (docs/scaling.md), each with its reason. Every other
 * table with a tenant_id column is tenant-owned and must lead its keys with it.
 */
const NOT_DISTRIBUTED: Record<string, string> = {
  users: 'reference table: people sign in before a workspace is chosen; tenant_id is their home workspace',
};

interface KeyRow {
  table_name: string;
  columns: string[];
}

/**
 * Walks the live schema after a real import (so warehouse tables are there too): every tenant-owned
 * table's primary key and every foreign key between tenant-owned tables start with tenant_id, which is
 * what Citus needs to distribute them by tenant and keep joins on one node.
 */
describe('the schema is ready to be distributed by tenant', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    const shop = await createWorkspace(t);
    const upload = await uploadCsv(t, shop.owner.headers, {
      name: 'orders.csv',
      content: ordersCsv({ days: 3 }),
    });
    expect(upload.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const schema = () => t.db.schema;

  async function tenantOwnedTables(): Promise<string[]> {
    const rows = await t.db.query<{ table_name: string }>(
      `select c.table_name from information_schema.columns c
       join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
       where c.table_schema = $1 and c.column_name = 'tenant_id' and tb.table_type = 'BASE TABLE'
       order by 1`,
      [schema()],
    );
    return rows.map((r) => r.table_name).filter((name) => !(name in NOT_DISTRIBUTED));
  }

  async function keys(kind: 'p' | 'f'): Promise<Array<KeyRow & { referenced: string | null }>> {
    return t.db.query(
      `select rel.relname as table_name, ref.relname as referenced,
         array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, ord)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.ord) as columns
       from pg_constraint con
       join pg_class rel on rel.oid = con.conrelid
       join pg_namespace n on n.oid = rel.relnamespace
       left join pg_class ref on ref.oid = con.confrelid
       where n.nspname = $1 and con.contype = $2`,
      [schema(), kind],
    );
  }

  it('has tenant-owned tables to check, warehouse tables among them', async () => {
    const tables = await tenantOwnedTables();
    expect(tables).toEqual(expect.arrayContaining(['tenants', 'connections', 'metrics', 'series']));
    expect(tables.some((name) => name.startsWith('wh_'))).toBe(true);
  });

  it("leads every tenant-owned table's primary key with tenant_id", async () => {
    const owned = new Set(await tenantOwnedTables());
    const primary = await keys('p');
    const offenders = [...owned].filter((table) => {
      const key = primary.find((k) => k.table_name === table);
      return !key || key.columns[0] !== 'tenant_id';
    });
    expect(offenders).toEqual([]);
  });

  it('leads every foreign key between tenant-owned tables with tenant_id', async () => {
    const owned = new Set(await tenantOwnedTables());
    const foreign = (await keys('f')).filter(
      (k) => owned.has(k.table_name) && k.referenced && owned.has(k.referenced),
    );
    expect(foreign.length).toBeGreaterThan(5);
    const offenders = foreign
      .filter((k) => k.columns[0] !== 'tenant_id')
      .map((k) => `${k.table_name} → ${k.referenced}`);
    expect(offenders).toEqual([]);
  });

  // TEST_DATABASE_URL at a Citus coordinator runs this suite on Citus (docs/scaling.md); elsewhere the
  // same start leaves every table an ordinary one.
  it('is distributed by tenant on Citus, warehouse tables included, and left alone elsewhere', async () => {
    const rows = await t.db
      .query<{ table_name: string; method: string; colocated: boolean }>(
        `select c.relname as table_name, d.partmethod as method,
         d.colocationid = (select colocationid from pg_dist_partition where logicalrelid = 'connections'::regclass)
           as colocated
       from pg_dist_partition d join pg_class c on c.oid = d.logicalrelid
       where c.relnamespace = current_schema()::regnamespace`,
      )
      .catch(() => []);
    if (!(await isCitus(t.db))) {
      expect(rows).toEqual([]);
      expect(await distributeSchema(t.db)).toEqual({ reference: [], distributed: [] });
      return;
    }
    const owned = (await tenantOwnedTables()).filter((name) => !REFERENCE_WITH_TENANT.has(name));
    const placed = new Map(rows.map((r) => [r.table_name, r]));
    expect(owned.filter((name) => placed.get(name)?.method !== 'h' || !placed.get(name)?.colocated)).toEqual(
      [],
    );
    expect(owned.some((name) => name.startsWith('wh_'))).toBe(true);
    for (const name of [...REFERENCE_WITH_TENANT, 'connectors', 'sessions'])
      expect(placed.get(name)?.method, name).toBe('n');
    expect(placed.has('job_runs')).toBe(false);
  });
});

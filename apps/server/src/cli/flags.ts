import { FEATURE_FLAGS, FeatureFlagSchema } from '@tidemark/contract';
import { loadConfig } from '../config/env';
import { openDb } from '../db/client';
import { migrate } from '../db/migrate';
import { getFlags, setFlag } from '../modules/flags';
import { findTenantsByIdOrName } from '../modules/tenants';

const usage = `Usage:
  npm run flags -- list <tenant>
  npm run flags -- set <tenant> <flag> on|off
<tenant> is a tenant id or a workspace name. Flags: ${FEATURE_FLAGS.join(', ')}.
On the embedded database, stop the server first: only one process may open ./data at a time.`;

async function main(argv: string[]): Promise<number> {
  const [command, tenantArg, flagArg, valueArg] = argv;
  if (!command || !tenantArg || (command !== 'list' && command !== 'set')) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const rows = await findTenantsByIdOrName({ ctx: { db }, input: { idOrName: tenantArg } });
    if (rows.length !== 1) {
      console.error(
        rows.length
          ? `"${tenantArg}" names ${rows.length} workspaces; use its id.`
          : `No workspace "${tenantArg}".`,
      );
      return 1;
    }
    const tenant = rows[0]!;
    let result;
    if (command === 'set') {
      const flag = FeatureFlagSchema.safeParse(flagArg);
      if (!flag.success || (valueArg !== 'on' && valueArg !== 'off')) {
        console.error(usage);
        return 2;
      }
      result = await setFlag({
        ctx: { db, tenantId: tenant.tenant_id },
        input: { flag: flag.data, enabled: valueArg === 'on' },
      });
    } else {
      result = await getFlags({ ctx: { db, tenantId: tenant.tenant_id } });
    }
    console.log(`${tenant.display_name} (tenant ${tenant.tenant_id})`);
    for (const [name, on] of Object.entries(result.flags)) console.log(`  ${on ? 'on ' : 'off'}  ${name}`);
    return 0;
  } finally {
    await db.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

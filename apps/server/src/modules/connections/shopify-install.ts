import { createHash } from 'node:crypto';
import { CONNECTION_MESSAGES } from '@tidemark/contract';
import type { SessionContext } from '../../plugins/context';
import { authorizeTenant } from '../tenants';
import { exchangeCode, ShopifyOAuthError, verifyCallback } from './connectors/shopify';
import { reportStage } from '../../jobs/stages';
import * as repo from './connections.repository';
import { startSync } from './connections.service';

/**
 * Shopify sends the merchant back here after they install the app. The state ties the callback to the
 * connection (and so the workspace) that asked; the signed-in user must belong to that workspace; the
 * HMAC proves Shopify signed the query. Answers the in-app path to go to next.
 */
export async function finishShopifyInstall({
  ctx,
  input,
}: {
  ctx: SessionContext;
  input: { query: Record<string, string> };
}): Promise<string> {
  const { query } = input;
  const shopify = ctx.config.shopify;
  const state = typeof query.state === 'string' ? query.state : '';
  const connection = state
    ? await repo.findConnectionByOauthState(ctx.db, createHash('sha256').update(state).digest('hex'))
    : undefined;
  if (!shopify || !connection || !ctx.sealer) return '/datasources';
  const back = (error: string) =>
    `/onboarding/shopify?${new URLSearchParams({ id: connection.datasource_id, error }).toString()}`;
  try {
    await authorizeTenant({
      ctx,
      input: { user: ctx.user, requestedTenantId: connection.tenant_id, isDemo: false, readOnly: false },
    });
  } catch {
    return '/datasources';
  }
  try {
    const verified = verifyCallback(query, shopify.apiSecret, { state });
    if (verified.shop !== connection.config.shop) return back('shop_mismatch');
    const grant = await exchangeCode({
      shop: verified.shop,
      apiKey: shopify.apiKey,
      apiSecret: shopify.apiSecret,
      code: verified.code,
      ...(shopify.endpoint ? { endpoint: shopify.endpoint } : {}),
    });
    await repo.updateConnection(ctx.db, connection.tenant_id, connection.connection_id, {
      secret: ctx.sealer.seal(grant.accessToken),
      oauth_state_hash: null,
    });
    const fresh = (await repo.findConnectionById(ctx.db, connection.tenant_id, connection.connection_id))!;
    await startSync({ ...ctx, tenantId: connection.tenant_id }, fresh);
    return `/onboarding/connection/sync?${new URLSearchParams({ id: connection.datasource_id, ongoing_extraction: 'true' }).toString()}`;
  } catch (error) {
    const code = error instanceof ShopifyOAuthError ? error.code : 'install_failed';
    ctx.log.warn({ err: error, datasource: connection.datasource_id }, 'Shopify install did not complete');
    await reportStage(ctx.db, {
      tenantId: connection.tenant_id,
      connectionId: connection.connection_id,
      stage: 'data_connection',
      status: 'FAILED',
      message: `The Shopify app install did not complete (${code}). ${CONNECTION_MESSAGES.talkToUs}`,
    });
    return back(code);
  }
}

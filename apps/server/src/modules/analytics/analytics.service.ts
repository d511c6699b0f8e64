import { SERVER_ONLY_ANALYTICS_EVENTS, type AnalyticsEventName, type TrackBody } from '@tidemark/contract';
import type { BaseContext, SessionContext } from '../../plugins/context';
import * as repo from './analytics.repository';

/** Product-analytics events (the contract's closed set). */
export type AnalyticsEvent = AnalyticsEventName;

export interface TrackInput {
  tenantId: number;
  userId: number;
  /** Who did it, as the analytics service knows them (the user's uuid, the id identify uses). */
  distinctId: string;
  event: AnalyticsEvent;
  properties?: Record<string, unknown>;
}

const FORWARD_TIMEOUT_MS = 5_000;

/**
 * Records a product-analytics event and, when a PostHog-compatible endpoint is configured, forwards it.
 * Forwarding never delays or fails the user's request: it runs after the answer and only logs a failure.
 */
export async function track({ ctx, input }: { ctx: BaseContext; input: TrackInput }): Promise<void> {
  const properties = { ...input.properties, tenant_id: input.tenantId };
  const stored = await repo.insertEvent(ctx.db, {
    tenantId: input.tenantId,
    userId: input.userId,
    event: input.event,
    properties,
  });
  const posthog = ctx.config.posthog;
  if (!posthog) return;
  void (async () => {
    try {
      const res = await fetch(`${posthog.host}/capture/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          api_key: posthog.key,
          event: input.event,
          distinct_id: input.distinctId,
          properties,
          timestamp: stored.created_at.toISOString(),
        }),
        signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`capture answered ${res.status}`);
      await repo.markForwarded(ctx.db, input.tenantId, stored.event_id);
    } catch (err) {
      ctx.log.warn({ err, event: input.event }, 'analytics event not forwarded');
    }
  })();
}

/**
 * At every sign-in, tells a PostHog-compatible endpoint who the distinct id (the user's uuid) is: e-mail and
 * name as person properties. Like forwarding, it never delays the sign-in and only logs a failure.
 */
export function identify({ ctx, input }: { ctx: BaseContext; input: { userId: number } }): void {
  const posthog = ctx.config.posthog;
  if (!posthog) return;
  void (async () => {
    try {
      const person = await repo.findPerson(ctx.db, input.userId);
      if (!person) return;
      const res = await fetch(`${posthog.host}/capture/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          api_key: posthog.key,
          event: '$identify',
          distinct_id: person.user_uuid,
          properties: { $set: { email: person.email, ...(person.name ? { name: person.name } : {}) } },
          timestamp: new Date().toISOString(),
        }),
        signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`capture answered ${res.status}`);
    } catch (err) {
      ctx.log.warn({ err }, 'analytics identify not forwarded');
    }
  })();
}

/**
 * An event the web app records for the signed-in user (its track()). Events only the server may state are
 * ignored rather than refused, so an old page never shows an error for analytics.
 */
export async function trackFromWeb({
  ctx,
  input,
}: {
  ctx: SessionContext;
  input: TrackBody & { isDemo: boolean };
}): Promise<{ recorded: boolean }> {
  if (SERVER_ONLY_ANALYTICS_EVENTS.includes(input.event)) return { recorded: false };
  await track({
    ctx,
    input: {
      tenantId: ctx.user.tenantId,
      userId: ctx.user.userId,
      distinctId: ctx.user.userUuid,
      event: input.event,
      properties: { ...input.properties, is_demo: input.isDemo },
    },
  });
  return { recorded: true };
}

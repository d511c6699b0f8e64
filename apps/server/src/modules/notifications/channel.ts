import type { Config } from '../../config/env';
import type { Queryable } from '../../db/client';
import type { BaseContext } from '../../plugins/context';

/** Where an alert can go (spec 1 §3, user subscriptions: channels). */
export type NotificationChannel = 'email' | 'slack' | 'sms';

export const NOTIFICATION_CHANNELS: readonly NotificationChannel[] = ['email', 'slack', 'sms'];

/** What an outbox row is about: one item (insight or event group) or a scheduled summary. */
export type NotificationKind = 'insight_group' | 'event_group' | 'daily' | 'weekly' | 'monthly' | 'quarterly';

export type NotificationSeverity = 'High' | 'Medium' | 'Low';

/**
 * One outbox row as a sender sees it. Content is rendered when the row is written (in the item's
 * transaction), so a retry sends exactly what the first attempt would have sent.
 */
export interface Notification {
  /** The outbox row's id; senders use it as their idempotency key (`tidemark-notification-<id>`). */
  id: string;
  tenant_id: number;
  user_id: number;
  channel: NotificationChannel;
  kind: NotificationKind;
  /** The insight group or event group id; null for digests. */
  item_id: string | null;
  title: string;
  summary: string;
  /** Null for digests. */
  severity: NotificationSeverity | null;
  expected: number | null;
  actual: number | null;
  /** Signed, in the workspace currency; null when the item has no dollar impact. */
  dollar_impact: number | null;
  /** ISO 4217 code of the workspace, e.g. 'USD'. */
  currency: string;
  /** Absolute URL opening the item (or the feed, for digests) in the app. */
  app_url: string;
  /** 1 on the first delivery attempt, then 2, 3… */
  attempt: number;
  /** Channel-independent extras a sender may use (figures' formats, chart points, digest sections). */
  details: Record<string, unknown>;
}

export interface SendResult {
  /** The provider's id for the sent message (SMTP Message-ID, Slack ts, Twilio SID), when it gives one. */
  providerMessageId: string | null;
  /** Who it went to, for the delivery record (a Slack channel, a phone number); e-mail records the address. */
  recipient?: string;
}

/**
 * A delivery channel. `send` throws to have the delivery retried with back-off; it throws a
 * `PermanentSendError` when retrying cannot help (revoked token, unknown number), so the row fails at once.
 */
export interface ChannelSender {
  readonly channel: NotificationChannel;
  /** Whether the provider is set up on this server (settings say so when it is not; nothing is sent). */
  isConfigured(config: Config): boolean;
  send(ctx: BaseContext, n: Notification): Promise<SendResult>;
  /**
   * Whether this member can receive on this channel now (a verified phone, a Slack connection), asked when
   * an item is matched, inside its transaction. Absent: anyone whose channel is on.
   */
  canReach?(db: Queryable, input: { tenantId: number; userId: number }): Promise<boolean>;
}

/** A failure no retry can mend; the delivery is recorded as failed with this message. */
export class PermanentSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentSendError';
  }
}

const senders = new Map<NotificationChannel, ChannelSender>();

/** Channels register once at module load (see `channels/index.ts`); a later registration replaces one. */
export function registerChannelSender(sender: ChannelSender): void {
  senders.set(sender.channel, sender);
}

export function channelSender(channel: NotificationChannel): ChannelSender | null {
  return senders.get(channel) ?? null;
}

export function registeredChannels(): NotificationChannel[] {
  return [...senders.keys()];
}

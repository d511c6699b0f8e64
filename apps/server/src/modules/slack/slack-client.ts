import { ErrorCode, WebClient } from '@slack/web-api';
import { SLACK_DEAD_TOKEN_ERRORS } from '@tidemark/contract';
import type { Config } from '../../config/env';

/** Slack's Web API client for a workspace's bot token; SLACK_API_URL (tests only) points it at a local server. */
export function slackClient(config: Config, token: string): WebClient {
  return new WebClient(token, {
    ...(config.slack?.apiUrl ? { slackApiUrl: config.slack.apiUrl } : {}),
    // The delivery job retries with back-off itself; one call here is one attempt.
    retryConfig: { retries: 0 },
    timeout: 15_000,
  });
}

/** The `error` Slack answered (`channel_not_found`, `token_revoked`…), when the failure is Slack's answer. */
export function slackErrorOf(error: unknown): string | null {
  if (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === ErrorCode.PlatformError
  ) {
    const data = (error as { data?: { error?: unknown } }).data;
    return typeof data?.error === 'string' ? data.error : null;
  }
  return null;
}

/** A token Slack will never accept again: the app was removed or the workspace's access revoked. */
export function isDeadToken(error: unknown): string | null {
  const code = slackErrorOf(error);
  return code && (SLACK_DEAD_TOKEN_ERRORS as readonly string[]).includes(code) ? code : null;
}

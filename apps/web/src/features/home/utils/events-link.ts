import { paths, type QueryInput } from '@/config/paths';

/** One filter click of the digest: the events page narrowed to a severity, a type or a provider. */
export type DigestFilter =
  | { severity: 'High' | 'Medium' | 'Low' }
  | { type: string; sub_type: string | null }
  | { provider_uuid: string };

/**
 * /events?{filters} for a digest filter click (spec 2 §2.1): over the digest's event window, with
 * provider_uuid JSON-encoded as the events page expects from the digest page type.
 */
export function digestEventsHref(
  filter: DigestFilter,
  window: { start: string | null; end: string | null },
  linkQuery: QueryInput = {},
): string {
  const query: QueryInput = {
    ...linkQuery,
    ...(window.start && window.end
      ? { startDate: window.start, endDate: window.end, pipelineSchedule: 'q' }
      : {}),
  };
  if ('severity' in filter) query.severity = filter.severity;
  else if ('provider_uuid' in filter) query.provider_uuid = JSON.stringify([filter.provider_uuid]);
  else query.type = filter.sub_type ? `${filter.type}:${filter.sub_type}` : filter.type;
  return paths.events.getHref(query);
}

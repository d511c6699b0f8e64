import { routes, type AnalyticsEventName, type TrackBody } from '@tidemark/contract';
import { apiRequest } from './api-client';

/**
 * Records a product-analytics event (spec 1 §7, spec 2 §7). Fire and forget: analytics never blocks or
 * fails what the user is doing, so errors are swallowed here.
 */
export function track(event: AnalyticsEventName, properties: TrackBody['properties'] = {}): void {
  void apiRequest(routes.trackEvent, { body: { event, properties }, redirectOnUnauthorized: false }).catch(
    () => undefined,
  );
}

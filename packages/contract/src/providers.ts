import { z } from 'zod';
import { defineRoute } from './route';

// The provider catalogue (issue 12 item 1): third-party services a store relies on, with their status pages.
// Reference data shared by every workspace; each store turns on the ones it uses (orgs/{org}/preferences).

export const PROVIDER_FEED_FORMATS = ['statuspage_v2', 'instatus', 'rss', 'atom'] as const;
export type ProviderFeedFormat = (typeof PROVIDER_FEED_FORMATS)[number];

export const PROVIDER_CATEGORIES = {
  store_platform: 'Store platform',
  payments: 'Payments',
  email: 'E-mail',
  sms: 'SMS',
  cdn: 'CDN',
  hosting: 'Hosting',
  cloud: 'Cloud',
  reviews: 'Reviews',
  support: 'Support',
  subscriptions: 'Subscriptions',
  ads: 'Ads',
  analytics: 'Analytics',
  shipping: 'Shipping',
  search: 'Search',
} as const;
export type ProviderCategory = keyof typeof PROVIDER_CATEGORIES;

export const ProviderSchema = z
  .object({
    provider_uuid: z.string(),
    provider_name: z.string(),
    provider_display_name: z.string(),
    provider_logo_url: z.string(),
    provider_home_page_url: z.string(),
    provider_status_page_url: z.string(),
    feed_url: z.string(),
    feed_format: z.enum(PROVIDER_FEED_FORMATS),
    categories: z.array(z.string()),
  })
  .meta({ id: 'Provider' });
export type Provider = z.infer<typeof ProviderSchema>;

export const ProvidersResponseSchema = z.object({ providers: z.array(ProviderSchema) });

export const providersRoutes = {
  listProviders: defineRoute({
    method: 'GET',
    path: '/v1/providers',
    access: 'session',
    summary: 'The provider catalogue: status pages of the services online stores rely on',
    tags: ['providers'],
    response: ProvidersResponseSchema,
  }),
} as const;

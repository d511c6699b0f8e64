import type { ProviderCategory, ProviderFeedFormat } from '@tidemark/contract';

/**
 * The third-party providers online stores rely on (issue 12 item 1): reference data, synced into the
 * `providers` table at start (providers.service.ts). To add one, add a row here and a logo in
 * apps/web/public/providers/<name>.svg. A provider removed from this list stays in the table, marked
 * unlisted, so its past events stay readable. `feed_url` is what the status poller reads.
 */
export interface CatalogueProvider {
  name: string;
  display_name: string;
  home_page_url: string;
  status_page_url: string;
  feed_url: string;
  feed_format: ProviderFeedFormat;
  categories: ProviderCategory[];
  /**
   * Hosts a store's pages call on this provider besides its home page's domain (subdomains match): site
   * errors to them link a store's network errors to the provider's outages (modules/outages).
   */
  hosts?: string[];
}

// Atlassian Statuspage serves /api/v2/summary.json on every hosted page.
const sp = (
  name: string,
  display_name: string,
  home: string,
  status: string,
  categories: ProviderCategory[],
): CatalogueProvider => ({
  name,
  display_name,
  home_page_url: home,
  status_page_url: status,
  feed_url: `${status.replace(/\/$/, '')}/api/v2/summary.json`,
  feed_format: 'statuspage_v2',
  categories,
});

const feed = (
  name: string,
  display_name: string,
  home: string,
  status: string,
  feed_url: string,
  feed_format: ProviderFeedFormat,
  categories: ProviderCategory[],
): CatalogueProvider => ({
  name,
  display_name,
  home_page_url: home,
  status_page_url: status,
  feed_url,
  feed_format,
  categories,
});

const LISTED: readonly CatalogueProvider[] = [
  // Store platforms
  feed(
    'shopify',
    'Shopify',
    'https://www.shopify.com',
    'https://www.shopifystatus.com',
    // Shopify's page is Atlassian Statuspage, whose feeds are history.atom and history.rss.
    'https://www.shopifystatus.com/history.atom',
    'atom',
    ['store_platform'],
  ),
  sp('bigcommerce', 'BigCommerce', 'https://www.bigcommerce.com', 'https://status.bigcommerce.com', [
    'store_platform',
  ]),
  sp('squarespace', 'Squarespace', 'https://www.squarespace.com', 'https://status.squarespace.com', [
    'store_platform',
    'hosting',
  ]),
  feed(
    'wix',
    'Wix',
    'https://www.wix.com',
    'https://status.wix.com',
    'https://status.wix.com/history.rss',
    'rss',
    ['store_platform', 'hosting'],
  ),
  // Payments
  feed(
    'stripe',
    'Stripe',
    'https://stripe.com',
    'https://status.stripe.com',
    // Stripe's RSS history is served by its Statuspage at stripestatus.com, not by status.stripe.com.
    'https://www.stripestatus.com/history.rss',
    'rss',
    ['payments', 'subscriptions'],
  ),
  feed(
    'paypal',
    'PayPal',
    'https://www.paypal.com',
    'https://www.paypal-status.com',
    'https://www.paypal-status.com/feed/rss',
    'rss',
    ['payments'],
  ),
  sp('adyen', 'Adyen', 'https://www.adyen.com', 'https://status.adyen.com', ['payments']),
  sp('braintree', 'Braintree', 'https://www.braintreepayments.com', 'https://status.braintreepayments.com', [
    'payments',
  ]),
  sp('square', 'Square', 'https://squareup.com', 'https://www.issquareup.com', ['payments']),
  sp('checkout-com', 'Checkout.com', 'https://www.checkout.com', 'https://status.checkout.com', ['payments']),
  sp('klarna', 'Klarna', 'https://www.klarna.com', 'https://status.klarna.com', ['payments']),
  sp('affirm', 'Affirm', 'https://www.affirm.com', 'https://status.affirm.com', ['payments']),
  sp('authorize-net', 'Authorize.net', 'https://www.authorize.net', 'https://status.authorize.net', [
    'payments',
  ]),
  sp('razorpay', 'Razorpay', 'https://razorpay.com', 'https://status.razorpay.com', ['payments']),
  feed(
    'mollie',
    'Mollie',
    'https://www.mollie.com',
    'https://status.mollie.com',
    'https://status.mollie.com/summary.json',
    'instatus',
    ['payments'],
  ),
  // E-mail and SMS
  sp('sendgrid', 'SendGrid', 'https://sendgrid.com', 'https://status.sendgrid.com', ['email']),
  sp('mailgun', 'Mailgun', 'https://www.mailgun.com', 'https://status.mailgun.com', ['email']),
  sp('klaviyo', 'Klaviyo', 'https://www.klaviyo.com', 'https://status.klaviyo.com', ['email', 'sms']),
  feed(
    'mailchimp',
    'Mailchimp',
    'https://mailchimp.com',
    'https://status.mailchimp.com',
    'https://status.mailchimp.com/history.rss',
    'rss',
    ['email'],
  ),
  feed(
    'postmark',
    'Postmark',
    'https://postmarkapp.com',
    'https://status.postmarkapp.com',
    'https://status.postmarkapp.com/feed.rss',
    'rss',
    ['email'],
  ),
  sp('twilio', 'Twilio', 'https://www.twilio.com', 'https://status.twilio.com', ['sms']),
  sp('attentive', 'Attentive', 'https://www.attentive.com', 'https://status.attentivemobile.com', ['sms']),
  // CDN and hosting
  sp('cloudflare', 'Cloudflare', 'https://www.cloudflare.com', 'https://www.cloudflarestatus.com', ['cdn']),
  sp('fastly', 'Fastly', 'https://www.fastly.com', 'https://www.fastlystatus.com', ['cdn']),
  sp('akamai', 'Akamai', 'https://www.akamai.com', 'https://www.akamaistatus.com', ['cdn']),
  sp('netlify', 'Netlify', 'https://www.netlify.com', 'https://www.netlifystatus.com', ['hosting', 'cdn']),
  sp('vercel', 'Vercel', 'https://vercel.com', 'https://www.vercel-status.com', ['hosting', 'cdn']),
  sp('digitalocean', 'DigitalOcean', 'https://www.digitalocean.com', 'https://status.digitalocean.com', [
    'hosting',
    'cloud',
  ]),
  feed(
    'heroku',
    'Heroku',
    'https://www.heroku.com',
    'https://status.heroku.com',
    'https://status.heroku.com/feed',
    'atom',
    ['hosting'],
  ),
  // Cloud
  feed(
    'aws',
    'Amazon Web Services',
    'https://aws.amazon.com',
    'https://health.aws.amazon.com/health/status',
    // One item per notice, its impact in the title prefix (status-parsers.ts, notice feeds).
    'https://status.aws.amazon.com/rss/all.rss',
    'rss',
    ['cloud'],
  ),
  feed(
    'google-cloud',
    'Google Cloud',
    'https://cloud.google.com',
    'https://status.cloud.google.com',
    'https://status.cloud.google.com/en/feed.atom',
    'atom',
    ['cloud'],
  ),
  feed(
    'azure',
    'Microsoft Azure',
    'https://azure.microsoft.com',
    'https://azure.status.microsoft/en-us/status',
    'https://azure.status.microsoft/en-us/status/feed/',
    'rss',
    ['cloud'],
  ),
  // Reviews
  sp('yotpo', 'Yotpo', 'https://www.yotpo.com', 'https://status.yotpo.com', ['reviews']),
  sp('trustpilot', 'Trustpilot', 'https://www.trustpilot.com', 'https://status.trustpilot.com', ['reviews']),
  feed(
    'judge-me',
    'Judge.me',
    'https://judge.me',
    'https://status.judge.me',
    'https://status.judge.me/summary.json',
    'instatus',
    ['reviews'],
  ),
  feed(
    'okendo',
    'Okendo',
    'https://www.okendo.io',
    'https://status.okendo.io',
    'https://status.okendo.io/summary.json',
    'instatus',
    ['reviews'],
  ),
  // Support
  sp('intercom', 'Intercom', 'https://www.intercom.com', 'https://www.intercomstatus.com', ['support']),
  feed(
    'zendesk',
    'Zendesk',
    'https://www.zendesk.com',
    'https://status.zendesk.com',
    'https://status.zendesk.com/feed.rss',
    'rss',
    ['support'],
  ),
  feed(
    'gorgias',
    'Gorgias',
    'https://www.gorgias.com',
    'https://status.gorgias.com',
    'https://status.gorgias.com/summary.json',
    'instatus',
    ['support'],
  ),
  // Subscriptions
  sp('recharge', 'Recharge', 'https://rechargepayments.com', 'https://status.rechargepayments.com', [
    'subscriptions',
  ]),
  sp('chargebee', 'Chargebee', 'https://www.chargebee.com', 'https://status.chargebee.com', [
    'subscriptions',
  ]),
  sp('recurly', 'Recurly', 'https://recurly.com', 'https://status.recurly.com', ['subscriptions']),
  // Ads and analytics
  feed(
    'meta',
    'Meta Ads',
    'https://www.facebook.com/business/ads',
    'https://metastatus.com',
    'https://metastatus.com/feed.rss',
    'rss',
    ['ads'],
  ),
  feed(
    'google-ads',
    'Google Ads',
    'https://ads.google.com',
    'https://ads.google.com/status',
    'https://ads.google.com/status/feed.atom',
    'atom',
    ['ads'],
  ),
  sp('segment', 'Segment', 'https://segment.com', 'https://status.segment.com', ['analytics']),
  sp('mixpanel', 'Mixpanel', 'https://mixpanel.com', 'https://status.mixpanel.com', ['analytics']),
  sp('hotjar', 'Hotjar', 'https://www.hotjar.com', 'https://status.hotjar.com', ['analytics']),
  // Shipping and search, which checkouts and product pages call on every visit
  sp('shipstation', 'ShipStation', 'https://www.shipstation.com', 'https://status.shipstation.com', [
    'shipping',
  ]),
  sp('easypost', 'EasyPost', 'https://www.easypost.com', 'https://www.easypoststatus.com', ['shipping']),
  feed(
    'algolia',
    'Algolia',
    'https://www.algolia.com',
    'https://status.algolia.com',
    'https://status.algolia.com/feed.rss',
    'rss',
    ['search'],
  ),
];

/** Hosts beyond each home page's domain that stores' pages call (scripts, APIs, CDNs). */
const EXTRA_HOSTS: Record<string, string[]> = {
  stripe: ['stripe.com', 'stripe.network', 'stripecdn.com'],
  paypal: ['paypal.com', 'paypalobjects.com', 'braintree-api.com'],
  braintree: ['braintreegateway.com', 'braintree-api.com'],
  shopify: ['shopify.com', 'shopifycdn.com', 'shopifysvc.com', 'myshopify.com'],
  klaviyo: ['klaviyo.com'],
  cloudflare: ['cloudflare.com', 'cdnjs.cloudflare.com', 'cloudflareinsights.com'],
  adyen: ['adyen.com', 'adyenpayments.com'],
  klarna: ['klarna.com', 'klarnaservices.com', 'klarnacdn.net'],
};

export const PROVIDER_CATALOGUE: readonly CatalogueProvider[] = LISTED.map((p) =>
  EXTRA_HOSTS[p.name] ? { ...p, hosts: EXTRA_HOSTS[p.name] } : p,
);

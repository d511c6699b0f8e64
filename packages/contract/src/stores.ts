import { z } from 'zod';
import { defineRoute } from './route';
import { TenantQuerySchema } from './tenants';

// Store preferences (spec 1 §3 "Store preferences for an org", §7 orgs/{org}/preferences): a store is a
// workspace, and its org_uuid is the workspace's tenant_uuid. Its currency and time zone are the workspace's,
// so tenants/info and every formatted figure follow them.

/** Spec 1 §3: the currency list (about 65 codes) with name and symbol. */
export const CURRENCIES = [
  { code: 'USD', name: 'US Dollar', symbol: '$' },
  { code: 'EUR', name: 'Euro', symbol: '€' },
  { code: 'GBP', name: 'British Pound', symbol: '£' },
  { code: 'JPY', name: 'Japanese Yen', symbol: '¥' },
  { code: 'CNY', name: 'Chinese Yuan', symbol: 'CN¥' },
  { code: 'INR', name: 'Indian Rupee', symbol: '₹' },
  { code: 'CAD', name: 'Canadian Dollar', symbol: 'CA$' },
  { code: 'AUD', name: 'Australian Dollar', symbol: 'A$' },
  { code: 'NZD', name: 'New Zealand Dollar', symbol: 'NZ$' },
  { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF ' },
  { code: 'SEK', name: 'Swedish Krona', symbol: 'kr ' },
  { code: 'NOK', name: 'Norwegian Krone', symbol: 'kr ' },
  { code: 'DKK', name: 'Danish Krone', symbol: 'kr ' },
  { code: 'ISK', name: 'Icelandic Króna', symbol: 'kr ' },
  { code: 'PLN', name: 'Polish Złoty', symbol: 'zł ' },
  { code: 'CZK', name: 'Czech Koruna', symbol: 'Kč ' },
  { code: 'HUF', name: 'Hungarian Forint', symbol: 'Ft ' },
  { code: 'RON', name: 'Romanian Leu', symbol: 'lei ' },
  { code: 'BGN', name: 'Bulgarian Lev', symbol: 'лв ' },
  { code: 'RSD', name: 'Serbian Dinar', symbol: 'din ' },
  { code: 'UAH', name: 'Ukrainian Hryvnia', symbol: '₴' },
  { code: 'TRY', name: 'Turkish Lira', symbol: '₺' },
  { code: 'RUB', name: 'Russian Ruble', symbol: '₽' },
  { code: 'ILS', name: 'Israeli New Shekel', symbol: '₪' },
  { code: 'AED', name: 'UAE Dirham', symbol: 'AED ' },
  { code: 'SAR', name: 'Saudi Riyal', symbol: 'SAR ' },
  { code: 'QAR', name: 'Qatari Riyal', symbol: 'QAR ' },
  { code: 'KWD', name: 'Kuwaiti Dinar', symbol: 'KWD ' },
  { code: 'BHD', name: 'Bahraini Dinar', symbol: 'BHD ' },
  { code: 'OMR', name: 'Omani Rial', symbol: 'OMR ' },
  { code: 'JOD', name: 'Jordanian Dinar', symbol: 'JOD ' },
  { code: 'EGP', name: 'Egyptian Pound', symbol: 'E£' },
  { code: 'MAD', name: 'Moroccan Dirham', symbol: 'MAD ' },
  { code: 'NGN', name: 'Nigerian Naira', symbol: '₦' },
  { code: 'GHS', name: 'Ghanaian Cedi', symbol: 'GH₵' },
  { code: 'KES', name: 'Kenyan Shilling', symbol: 'KSh ' },
  { code: 'ZAR', name: 'South African Rand', symbol: 'R ' },
  { code: 'PKR', name: 'Pakistani Rupee', symbol: 'Rs ' },
  { code: 'LKR', name: 'Sri Lankan Rupee', symbol: 'Rs ' },
  { code: 'NPR', name: 'Nepalese Rupee', symbol: 'Rs ' },
  { code: 'BDT', name: 'Bangladeshi Taka', symbol: '৳' },
  { code: 'HKD', name: 'Hong Kong Dollar', symbol: 'HK$' },
  { code: 'TWD', name: 'New Taiwan Dollar', symbol: 'NT$' },
  { code: 'KRW', name: 'South Korean Won', symbol: '₩' },
  { code: 'SGD', name: 'Singapore Dollar', symbol: 'S$' },
  { code: 'MYR', name: 'Malaysian Ringgit', symbol: 'RM ' },
  { code: 'THB', name: 'Thai Baht', symbol: '฿' },
  { code: 'IDR', name: 'Indonesian Rupiah', symbol: 'Rp ' },
  { code: 'PHP', name: 'Philippine Peso', symbol: '₱' },
  { code: 'VND', name: 'Vietnamese Dong', symbol: '₫' },
  { code: 'KZT', name: 'Kazakhstani Tenge', symbol: '₸' },
  { code: 'MXN', name: 'Mexican Peso', symbol: 'MX$' },
  { code: 'BRL', name: 'Brazilian Real', symbol: 'R$' },
  { code: 'ARS', name: 'Argentine Peso', symbol: 'AR$' },
  { code: 'CLP', name: 'Chilean Peso', symbol: 'CL$' },
  { code: 'COP', name: 'Colombian Peso', symbol: 'CO$' },
  { code: 'PEN', name: 'Peruvian Sol', symbol: 'S/ ' },
  { code: 'UYU', name: 'Uruguayan Peso', symbol: '$U ' },
  { code: 'BOB', name: 'Bolivian Boliviano', symbol: 'Bs ' },
  { code: 'PYG', name: 'Paraguayan Guaraní', symbol: '₲' },
  { code: 'CRC', name: 'Costa Rican Colón', symbol: '₡' },
  { code: 'DOP', name: 'Dominican Peso', symbol: 'RD$' },
  { code: 'JMD', name: 'Jamaican Dollar', symbol: 'J$' },
  { code: 'TTD', name: 'Trinidad and Tobago Dollar', symbol: 'TT$' },
  { code: 'XOF', name: 'West African CFA Franc', symbol: 'CFA ' },
  { code: 'XAF', name: 'Central African CFA Franc', symbol: 'FCFA ' },
] as const satisfies ReadonlyArray<{ code: string; name: string; symbol: string }>;
export type CurrencyCode = (typeof CURRENCIES)[number]['code'];

export function currencyByCode(code: string): (typeof CURRENCIES)[number] | undefined {
  return CURRENCIES.find((c) => c.code === code);
}

/**
 * Spec 1 §3: the time zone list (about 130 zones) with GMT labels. A label carries the zone's standard
 * (January) offset, as such lists do; figures always use the zone itself, so summer time is right.
 */
export const TIMEZONES: ReadonlyArray<readonly [zone: string, label: string]> = [
  ['Pacific/Midway', '(GMT-11:00) Midway'],
  ['Pacific/Honolulu', '(GMT-10:00) Honolulu'],
  ['America/Anchorage', '(GMT-09:00) Anchorage'],
  ['America/Los_Angeles', '(GMT-08:00) Los Angeles'],
  ['America/Tijuana', '(GMT-08:00) Tijuana'],
  ['America/Vancouver', '(GMT-08:00) Vancouver'],
  ['America/Denver', '(GMT-07:00) Denver'],
  ['America/Edmonton', '(GMT-07:00) Edmonton'],
  ['America/Phoenix', '(GMT-07:00) Phoenix'],
  ['America/Chicago', '(GMT-06:00) Chicago'],
  ['America/Chihuahua', '(GMT-06:00) Chihuahua'],
  ['America/Costa_Rica', '(GMT-06:00) Costa Rica'],
  ['America/Guatemala', '(GMT-06:00) Guatemala'],
  ['America/Mexico_City', '(GMT-06:00) Mexico City'],
  ['America/Regina', '(GMT-06:00) Regina'],
  ['America/Winnipeg', '(GMT-06:00) Winnipeg'],
  ['America/Bogota', '(GMT-05:00) Bogota'],
  ['America/Indiana/Indianapolis', '(GMT-05:00) Indianapolis'],
  ['America/Lima', '(GMT-05:00) Lima'],
  ['America/New_York', '(GMT-05:00) New York'],
  ['America/Panama', '(GMT-05:00) Panama'],
  ['America/Toronto', '(GMT-05:00) Toronto'],
  ['America/Caracas', '(GMT-04:00) Caracas'],
  ['America/Halifax', '(GMT-04:00) Halifax'],
  ['America/La_Paz', '(GMT-04:00) La Paz'],
  ['America/Manaus', '(GMT-04:00) Manaus'],
  ['America/Puerto_Rico', '(GMT-04:00) Puerto Rico'],
  ['America/St_Johns', '(GMT-03:30) St Johns'],
  ['America/Argentina/Buenos_Aires', '(GMT-03:00) Buenos Aires'],
  ['America/Montevideo', '(GMT-03:00) Montevideo'],
  ['America/Santiago', '(GMT-03:00) Santiago'],
  ['America/Sao_Paulo', '(GMT-03:00) Sao Paulo'],
  ['America/Godthab', '(GMT-02:00) Godthab'],
  ['Atlantic/South_Georgia', '(GMT-02:00) South Georgia'],
  ['Atlantic/Azores', '(GMT-01:00) Azores'],
  ['Atlantic/Cape_Verde', '(GMT-01:00) Cape Verde'],
  ['Africa/Abidjan', '(GMT+00:00) Abidjan'],
  ['Africa/Accra', '(GMT+00:00) Accra'],
  ['Europe/Dublin', '(GMT+00:00) Dublin'],
  ['Europe/Lisbon', '(GMT+00:00) Lisbon'],
  ['Europe/London', '(GMT+00:00) London'],
  ['Atlantic/Reykjavik', '(GMT+00:00) Reykjavik'],
  ['Etc/UTC', '(GMT+00:00) Coordinated Universal Time'],
  ['Africa/Algiers', '(GMT+01:00) Algiers'],
  ['Europe/Amsterdam', '(GMT+01:00) Amsterdam'],
  ['Europe/Belgrade', '(GMT+01:00) Belgrade'],
  ['Europe/Berlin', '(GMT+01:00) Berlin'],
  ['Europe/Brussels', '(GMT+01:00) Brussels'],
  ['Europe/Budapest', '(GMT+01:00) Budapest'],
  ['Africa/Casablanca', '(GMT+01:00) Casablanca'],
  ['Europe/Copenhagen', '(GMT+01:00) Copenhagen'],
  ['Africa/Lagos', '(GMT+01:00) Lagos'],
  ['Europe/Madrid', '(GMT+01:00) Madrid'],
  ['Europe/Oslo', '(GMT+01:00) Oslo'],
  ['Europe/Paris', '(GMT+01:00) Paris'],
  ['Europe/Prague', '(GMT+01:00) Prague'],
  ['Europe/Rome', '(GMT+01:00) Rome'],
  ['Europe/Stockholm', '(GMT+01:00) Stockholm'],
  ['Europe/Vienna', '(GMT+01:00) Vienna'],
  ['Europe/Warsaw', '(GMT+01:00) Warsaw'],
  ['Europe/Zurich', '(GMT+01:00) Zurich'],
  ['Europe/Athens', '(GMT+02:00) Athens'],
  ['Asia/Beirut', '(GMT+02:00) Beirut'],
  ['Europe/Bucharest', '(GMT+02:00) Bucharest'],
  ['Africa/Cairo', '(GMT+02:00) Cairo'],
  ['Africa/Harare', '(GMT+02:00) Harare'],
  ['Europe/Helsinki', '(GMT+02:00) Helsinki'],
  ['Asia/Jerusalem', '(GMT+02:00) Jerusalem'],
  ['Africa/Johannesburg', '(GMT+02:00) Johannesburg'],
  ['Europe/Kiev', '(GMT+02:00) Kiev'],
  ['Europe/Riga', '(GMT+02:00) Riga'],
  ['Europe/Sofia', '(GMT+02:00) Sofia'],
  ['Europe/Tallinn', '(GMT+02:00) Tallinn'],
  ['Europe/Vilnius', '(GMT+02:00) Vilnius'],
  ['Asia/Amman', '(GMT+03:00) Amman'],
  ['Asia/Baghdad', '(GMT+03:00) Baghdad'],
  ['Europe/Istanbul', '(GMT+03:00) Istanbul'],
  ['Asia/Kuwait', '(GMT+03:00) Kuwait'],
  ['Europe/Minsk', '(GMT+03:00) Minsk'],
  ['Europe/Moscow', '(GMT+03:00) Moscow'],
  ['Africa/Nairobi', '(GMT+03:00) Nairobi'],
  ['Asia/Qatar', '(GMT+03:00) Qatar'],
  ['Asia/Riyadh', '(GMT+03:00) Riyadh'],
  ['Asia/Tehran', '(GMT+03:30) Tehran'],
  ['Asia/Baku', '(GMT+04:00) Baku'],
  ['Asia/Dubai', '(GMT+04:00) Dubai'],
  ['Indian/Mauritius', '(GMT+04:00) Mauritius'],
  ['Asia/Muscat', '(GMT+04:00) Muscat'],
  ['Asia/Tbilisi', '(GMT+04:00) Tbilisi'],
  ['Asia/Yerevan', '(GMT+04:00) Yerevan'],
  ['Asia/Kabul', '(GMT+04:30) Kabul'],
  ['Asia/Almaty', '(GMT+05:00) Almaty'],
  ['Asia/Karachi', '(GMT+05:00) Karachi'],
  ['Asia/Tashkent', '(GMT+05:00) Tashkent'],
  ['Asia/Yekaterinburg', '(GMT+05:00) Yekaterinburg'],
  ['Asia/Colombo', '(GMT+05:30) Colombo'],
  ['Asia/Kolkata', '(GMT+05:30) Kolkata'],
  ['Asia/Kathmandu', '(GMT+05:45) Kathmandu'],
  ['Asia/Dhaka', '(GMT+06:00) Dhaka'],
  ['Asia/Yangon', '(GMT+06:30) Yangon'],
  ['Asia/Bangkok', '(GMT+07:00) Bangkok'],
  ['Asia/Ho_Chi_Minh', '(GMT+07:00) Ho Chi Minh'],
  ['Asia/Jakarta', '(GMT+07:00) Jakarta'],
  ['Asia/Krasnoyarsk', '(GMT+07:00) Krasnoyarsk'],
  ['Asia/Novosibirsk', '(GMT+07:00) Novosibirsk'],
  ['Asia/Hong_Kong', '(GMT+08:00) Hong Kong'],
  ['Asia/Irkutsk', '(GMT+08:00) Irkutsk'],
  ['Asia/Kuala_Lumpur', '(GMT+08:00) Kuala Lumpur'],
  ['Asia/Manila', '(GMT+08:00) Manila'],
  ['Australia/Perth', '(GMT+08:00) Perth'],
  ['Asia/Shanghai', '(GMT+08:00) Shanghai'],
  ['Asia/Singapore', '(GMT+08:00) Singapore'],
  ['Asia/Taipei', '(GMT+08:00) Taipei'],
  ['Asia/Ulaanbaatar', '(GMT+08:00) Ulaanbaatar'],
  ['Asia/Seoul', '(GMT+09:00) Seoul'],
  ['Asia/Tokyo', '(GMT+09:00) Tokyo'],
  ['Asia/Yakutsk', '(GMT+09:00) Yakutsk'],
  ['Australia/Darwin', '(GMT+09:30) Darwin'],
  ['Australia/Brisbane', '(GMT+10:00) Brisbane'],
  ['Pacific/Guam', '(GMT+10:00) Guam'],
  ['Pacific/Port_Moresby', '(GMT+10:00) Port Moresby'],
  ['Asia/Vladivostok', '(GMT+10:00) Vladivostok'],
  ['Australia/Adelaide', '(GMT+10:30) Adelaide'],
  ['Pacific/Guadalcanal', '(GMT+11:00) Guadalcanal'],
  ['Australia/Hobart', '(GMT+11:00) Hobart'],
  ['Asia/Magadan', '(GMT+11:00) Magadan'],
  ['Australia/Melbourne', '(GMT+11:00) Melbourne'],
  ['Pacific/Noumea', '(GMT+11:00) Noumea'],
  ['Australia/Sydney', '(GMT+11:00) Sydney'],
  ['Pacific/Fiji', '(GMT+12:00) Fiji'],
  ['Asia/Kamchatka', '(GMT+12:00) Kamchatka'],
  ['Pacific/Apia', '(GMT+13:00) Apia'],
  ['Pacific/Auckland', '(GMT+13:00) Auckland'],
  ['Pacific/Tongatapu', '(GMT+13:00) Tongatapu'],
  ['Pacific/Kiritimati', '(GMT+14:00) Kiritimati'],
];

export function timezoneLabel(zone: string): string {
  return TIMEZONES.find(([z]) => z === zone)?.[1] ?? zone;
}

export const STORE_MESSAGES = {
  /** Spec 1 §8 "Org preferences", {type} being what changed (Currency, Timezone, Forecast, Event Providers). */
  updated: (type: string) => `Your ${type} Preferences are updated successfully`,
  updateFailed: (type: string) => `An Error occurred while updating the ${type} preferences`,
  unknownCurrency: 'Please choose a currency from the list.',
  unknownTimezone: 'Please choose a time zone from the list.',
  unknownProvider: 'Please choose event providers from the list.',
} as const;

export const StoreProviderSchema = z
  .object({
    id: z.string(),
    display_name: z.string(),
    logo_url: z.string(),
    is_active: z.boolean(),
    /** Catalogue facts beside the spec's four, so the drawer can group and link them. */
    categories: z.array(z.string()),
    status_page_url: z.string(),
  })
  .meta({ id: 'StoreProvider' });
export type StoreProvider = z.infer<typeof StoreProviderSchema>;

export const StorePreferencesSchema = z
  .object({
    org_uuid: z.string(),
    display_name: z.string(),
    preferences: z.object({
      currency: z.string(),
      currency_symbol: z.string(),
      timezone: z.string(),
      is_forecast_enabled: z.boolean(),
      events: z.object({ providers: z.array(StoreProviderSchema) }),
    }),
  })
  .meta({ id: 'StorePreferences' });
export type StorePreferences = z.infer<typeof StorePreferencesSchema>;

/**
 * PUT orgs/{org}/preferences: the full preferences plus the store's display name (spec 1 §7). The name is
 * the workspace's and is renamed on the workspace (PATCH tenants/{uuid}), so here it is accepted and ignored.
 * Providers not listed keep their state; currency and time zone must come from the lists.
 */
export const UpdateStorePreferencesBodySchema = z.object({
  display_name: z.string().max(500).optional(),
  preferences: z.object({
    currency: z.string().max(8),
    timezone: z.string().max(64),
    is_forecast_enabled: z.boolean(),
    events: z
      .object({
        providers: z.array(z.object({ id: z.string().max(64), is_active: z.boolean() }).loose()).max(500),
      })
      .optional(),
  }),
});
export type UpdateStorePreferencesBody = z.infer<typeof UpdateStorePreferencesBodySchema>;

export const OrgParamsSchema = z.object({ org_uuid: z.string().min(1).max(64) });

export const storesRoutes = {
  storePreferences: defineRoute({
    method: 'GET',
    path: '/v1/orgs/:org_uuid/preferences',
    access: 'tenant',
    summary: "A store's preferences: currency, time zone, forecast and the event providers it watches",
    tags: ['stores'],
    params: OrgParamsSchema,
    query: TenantQuerySchema,
    response: StorePreferencesSchema,
  }),
  updateStorePreferences: defineRoute({
    method: 'PUT',
    path: '/v1/orgs/:org_uuid/preferences',
    access: 'tenant',
    summary:
      "Save a store's preferences (they become the workspace's currency, time zone and forecast setting)",
    tags: ['stores'],
    params: OrgParamsSchema,
    query: TenantQuerySchema,
    body: UpdateStorePreferencesBodySchema,
    response: StorePreferencesSchema,
  }),
} as const;

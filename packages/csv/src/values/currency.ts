/**
 * Which currency a file's money columns are in (issue 27 item 7): a symbol in the values (`€1.234,56`), a
 * code in the header (`Betrag (EUR)`, `Amount USD`), or a currency column holding one code for every row
 * (PayPal's `Währung`, Stripe's and Shopify's `Currency`). Only offered: a person confirms it when setting
 * up the metric.
 */

/** The symbols the number reader accepts, and the currency each is taken for (`$` is offered as USD). */
export const SYMBOL_CURRENCIES: ReadonlyArray<readonly [symbol: string, code: string]> = [
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['$', 'USD'],
];

let known: ReadonlySet<string> | null = null;

/** ISO 4217 codes the runtime knows (Node and every current browser list them); a short list otherwise. */
function knownCodes(): ReadonlySet<string> {
  if (known) return known;
  const intl = Intl as { supportedValuesOf?: (key: 'currency') => string[] };
  known = new Set(intl.supportedValuesOf?.('currency') ?? ['USD', 'EUR', 'GBP', 'CHF', 'JPY', 'CAD', 'AUD']);
  return known;
}

/** The currency a column's header names: a code in brackets (`Betrag (EUR)`, `Total [usd]`), or as the last word in capitals (`Amount USD`) or after `_` (`net_eur`). */
export function headerCurrency(header: string): string | undefined {
  const h = header.trim();
  const bracketed = /[([]\s*([a-z]{3})\s*[)\]]/i.exec(h)?.[1];
  const last = /(?:^|[\s-])([A-Z]{3})$/.exec(h)?.[1] ?? /_([a-z]{3})$/i.exec(h)?.[1];
  for (const candidate of [bracketed, last]) {
    const code = candidate?.toUpperCase();
    if (code && knownCodes().has(code)) return code;
  }
  return undefined;
}

/** Headers of a column that says which currency each row is in. */
const CURRENCY_COLUMN = /^(currency|currency code|währung|waehrung|devise|moneda|valuta|valuta code)$/i;

/** The one code a currency column holds in every sampled row, or undefined (several codes, or not one). */
export function currencyColumnCode(header: string, values: Iterable<string>): string | undefined {
  if (!CURRENCY_COLUMN.test(header.trim())) return undefined;
  let code: string | undefined;
  for (const raw of values) {
    const value = raw.trim().toUpperCase();
    if (value === '') continue;
    if (!knownCodes().has(value) || (code && code !== value)) return undefined;
    code = value;
  }
  return code;
}

/** The symbol's currency when a numeric value carries one. */
export function symbolCurrency(value: string): string | undefined {
  for (const [symbol, code] of SYMBOL_CURRENCIES) if (value.includes(symbol)) return code;
  return undefined;
}

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createCsvToCopy } from './csv-to-copy';
import { inspectCsv } from './sample';

/** Exports shaped like the real ones (written for this repository): see fixtures/real-world/README.md. */
function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../fixtures/real-world/${name}`, import.meta.url)));
}

/** Inspects a fixture as the server does, then converts all of it in 37-byte chunks. */
function read(name: string) {
  const bytes = fixture(name);
  const inspection = inspectCsv(bytes, { wholeFile: true });
  const { dialect, columns, sample } = inspection;
  const copy = createCsvToCopy({ dialect, columns, skipLines: sample.preambleLines });
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += 37) out.push(...copy.push(bytes.subarray(at, at + 37)));
  out.push(...copy.end());
  const lines = out
    .map((c) => new TextDecoder().decode(c))
    .join('')
    .split('\n')
    .slice(0, -1)
    .map((l) => l.split('\t'));
  return {
    inspection,
    types: Object.fromEntries(columns.map((c) => [c.display_name, c.type])),
    copy,
    lines,
    errors: [...copy.errors.first],
  };
}

describe('real-world exports', () => {
  it('German bank export: skips the account preamble, reads DD.MM.YYYY dates and decimal commas', () => {
    const r = read('german-bank.csv');
    expect(r.inspection.dialect.delimiter).toBe(';');
    expect(r.inspection.sample.preambleLines).toBe(6);
    expect(r.types).toMatchObject({
      Buchungstag: 'date',
      Wertstellung: 'date',
      'Betrag (EUR)': 'decimal',
      Verwendungszweck: 'text',
      Kontonummer: 'text',
    });
    // The header's trailing `;` names no column.
    expect(r.inspection.columns).toHaveLength(11);
    expect(r.copy.rows).toBe(18);
    expect(r.errors).toEqual([]);
    expect(r.lines[0]!.slice(0, 3)).toEqual(['2024-03-28', '2024-03-29', 'Lastschrift']);
    expect(r.lines[0]![7]).toBe('-84.00');
    expect(r.lines.map((l) => l[7])).toContain('3250.00');
    expect(r.lines.map((l) => l[7])).toContain('-1250.00');
  });

  it('PayPal Germany export: quoted "100,00" in a comma file is a decimal', () => {
    const r = read('paypal-de.csv');
    expect(r.inspection.dialect).toMatchObject({ delimiter: ',', bom: true });
    expect(r.types).toMatchObject({
      Datum: 'date',
      Brutto: 'decimal',
      Gebühr: 'decimal',
      Netto: 'decimal',
      Guthaben: 'decimal',
      Uhrzeit: 'text',
    });
    expect(r.inspection.columns.find((c) => c.display_name === 'Brutto')!.decimalMark).toBe(',');
    expect(r.copy.rows).toBe(20);
    expect(r.errors).toEqual([]);
    expect([r.lines[0]![0], r.lines[0]![7], r.lines[0]![8], r.lines[0]![13]]).toEqual([
      '2024-03-01',
      '100.00',
      '-2.84',
      '1097.16',
    ]);
    expect(r.lines[2]![7]).toBe('1299.00');
  });

  it('Stripe payments export: "Created date (UTC)" is a timestamp read as UTC', () => {
    const r = read('stripe-payments.csv');
    const created = r.inspection.columns.find((c) => c.display_name === 'Created date (UTC)')!;
    expect(created).toMatchObject({ type: 'timestamp', timeZone: 'UTC' });
    expect(r.types).toMatchObject({ Amount: 'decimal', Fee: 'decimal', Status: 'text', id: 'text' });
    expect(r.copy.rows).toBe(24);
    expect(r.lines[0]![3]).toBe('2024-03-01 22:15:03');
    expect(r.lines.filter((l) => l[9] === 'Failed')).toHaveLength(5);
  });

  it('Shopify orders export: offsets kept, phone numbers and zip codes stay text', () => {
    const r = read('shopify-orders.csv');
    expect(r.inspection.columns).toHaveLength(26);
    expect(r.types).toMatchObject({
      'Created at': 'timestamptz',
      'Paid at': 'timestamptz',
      'Accepts Marketing': 'boolean',
      Total: 'decimal',
      'Lineitem quantity': 'integer',
      Phone: 'text',
      'Billing Zip': 'text',
      Id: 'integer',
    });
    expect(r.copy.rows).toBe(15);
    const phone = r.inspection.columns.findIndex((c) => c.display_name === 'Phone');
    const created = r.inspection.columns.findIndex((c) => c.display_name === 'Created at');
    expect(r.lines[0]![phone]).toBe('+12125550000');
    expect(r.lines[0]![created]).toBe('2024-03-01 14:00:00-05:00');
    expect(r.lines[0]![21]).toBe('02130');
  });

  it('Google Analytics export: skips the # preamble and the totals row after the data', () => {
    const r = read('google-analytics.csv');
    expect(r.inspection.sample).toMatchObject({ preambleLines: 6, totalsRows: 1 });
    expect(r.inspection.sample.header).toEqual([
      'Day Index',
      'Sessions',
      'Users',
      'Pageviews',
      'Bounce Rate',
    ]);
    expect(r.types).toMatchObject({ 'Day Index': 'date', Sessions: 'integer', Users: 'integer' });
    expect(r.copy.rows).toBe(30);
    expect(r.copy.totalsRows).toBe(1);
    expect(r.errors).toEqual([]);
    expect(r.lines[0]!.slice(0, 2)).toEqual(['2024-03-01', '417']);
    expect(r.lines.at(-1)![0]).toBe('2024-03-30');
  });

  it("offers each money column the currency its header, symbols or the file's currency column names", () => {
    const currencies = (name: string) =>
      Object.fromEntries(
        read(name)
          .inspection.columns.filter((c) => c.currency)
          .map((c) => [c.display_name, c.currency]),
      );
    // The header says it: "Betrag (EUR)".
    expect(currencies('german-bank.csv')).toEqual({ 'Betrag (EUR)': 'EUR' });
    // One code in every row of PayPal's Währung: its decimal amounts are euros.
    expect(currencies('paypal-de.csv')).toMatchObject({ Brutto: 'EUR', Gebühr: 'EUR', Netto: 'EUR' });
    // Stripe writes the code in lower case; Shopify's integer quantities are not money.
    expect(currencies('stripe-payments.csv')).toMatchObject({ Amount: 'EUR', Fee: 'EUR' });
    const shopify = currencies('shopify-orders.csv');
    expect(shopify).toMatchObject({ Subtotal: 'USD', Total: 'USD' });
    expect(shopify['Lineitem quantity']).toBeUndefined();
    // No currency anywhere in an analytics export.
    expect(currencies('ga4-traffic.csv')).toEqual({});
  });

  it('GA4 export: the YYYYMMDD Date column is a date, past the # preamble', () => {
    const r = read('ga4-traffic.csv');
    expect(r.inspection.sample.preambleLines).toBe(8);
    expect(r.types).toMatchObject({
      Date: 'date',
      Sessions: 'integer',
      'Engagement rate': 'decimal',
      'Total revenue': 'decimal',
    });
    expect(r.inspection.columns[0]!.format).toEqual({ order: 'ymd', separator: '' });
    expect(r.copy.rows).toBe(90);
    expect(r.errors).toEqual([]);
    expect(r.lines[0]!.slice(0, 3)).toEqual(['2025-11-01', 'Organic Search', '410']);
    expect(r.lines.at(-1)![0]).toBe('2025-11-30');
  });

  it('US bank export: MM/DD/YY dates across the year end', () => {
    const r = read('us-bank.csv');
    expect(r.types).toEqual({
      Date: 'date',
      Description: 'text',
      Amount: 'decimal',
      'Running Bal.': 'decimal',
    });
    expect(r.copy.rows).toBe(20);
    expect(r.lines.map((l) => l[0]).slice(4, 6)).toEqual(['2017-12-29', '2018-01-03']);
    expect(r.lines[0]![3]).toBe('2476.01');
  });

  it('one stray quote in 300 rows costs that row only, reported with its line', () => {
    const r = read('stray-quote.csv');
    expect(r.copy.rows).toBe(299);
    expect(r.copy.errors.count).toBe(1);
    expect(r.errors[0]).toEqual({
      line: 43,
      reason:
        'Line 43: a quote opened in this line is not closed on it, so the line was skipped; close the quote or remove it',
    });
    expect(r.lines[41]![0]).toBe('1042');
  });

  it('three bad dates in 300 rows keep the column a date and are reported by line', () => {
    const r = read('bad-dates.csv');
    expect(r.types['Order date']).toBe('date');
    expect(r.copy.rows).toBe(297);
    expect(r.errors).toEqual([
      { line: 59, reason: 'Line 59: "2024-02-30" in column "Order date" is not a valid date' },
      { line: 135, reason: 'Line 135: "TBD" in column "Order date" is not a valid date' },
      { line: 252, reason: 'Line 252: "31/04/2024" in column "Order date" is not a valid date' },
    ]);
    expect(r.lines.filter((l) => l[1] === '\\N')).toHaveLength(2);
  });
});

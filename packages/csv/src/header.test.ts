import { describe, expect, it } from 'vitest';
import { MAX_IDENTIFIER_BYTES, RESERVED_WORDS, normaliseHeader } from './header';

const fieldNames = (names: string[], taken?: string[]): string[] =>
  normaliseHeader(names, { taken }).map((c) => c.field_name);

describe('normaliseHeader', () => {
  it.each([
    ['Order ID', 'order_id'],
    ['  Created At  ', 'created_at'],
    ['createdAt', 'created_at'],
    ['HTTPStatus', 'http_status'],
    ['Café Crème', 'cafe_creme'],
    ['Straße', 'strasse'],
    ['Søren Łódź', 'soren_lodz'],
    ['Order #', 'order_number'],
    ['Margin %', 'margin_percent'],
    ['Sales & Returns', 'sales_and_returns'],
    ['revenue (USD)', 'revenue_usd'],
    ['2024 revenue', 'c_2024_revenue'],
    ['---', 'column_1'],
    ['日本語', 'column_1'],
  ])('turns %j into %j', (name, expected) => {
    expect(fieldNames([name])).toEqual([expected]);
  });

  it('keeps the header as written for display, naming empty ones by position', () => {
    expect(normaliseHeader(['  Total ', '', 'Café'])).toEqual([
      { field_name: 'total', display_name: 'Total' },
      { field_name: 'column_2', display_name: 'Column 2' },
      { field_name: 'cafe', display_name: 'Café' },
    ]);
  });

  it.each([
    ['select', 'select_col'],
    ['Order', 'order_col'],
    ['user', 'user_col'],
    ['Group', 'group_col'],
    ['table', 'table_col'],
    ['from', 'from_col'],
    ['where', 'where_col'],
    ['left', 'left_col'],
    ['date', 'date'],
    ['time', 'time'],
    ['name', 'name'],
  ])('suffixes reserved word %j (but not unreserved ones): %j', (name, expected) => {
    expect(fieldNames([name])).toEqual([expected]);
  });

  it('makes repeated names unique, also against names the table already uses', () => {
    expect(fieldNames(['Email', 'email', 'E-mail', 'EMAIL'])).toEqual([
      'email',
      'email_2',
      'e_mail',
      'email_3',
    ]);
    expect(fieldNames(['id', 'Tenant ID'], ['id', 'tenant_id'])).toEqual(['id_2', 'tenant_id_2']);
  });

  it('cuts long names to 63 bytes and keeps them unique', () => {
    const long = 'Very long column name '.repeat(5);
    const names = fieldNames([long, long, `${long}!`]);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(MAX_IDENTIFIER_BYTES);
    expect(new Set(names).size).toBe(3);
    expect(names[0]).toMatch(/^very_long_column_name_very/);
    expect(names[1]).toMatch(/_2$/);
  });

  it('always yields lower snake_case identifiers that need no quoting', () => {
    const names = fieldNames([
      '',
      ' ',
      '1',
      'ÅÄÖ',
      'a'.repeat(200),
      'with',
      'Ünïcödé',
      '_x_',
      'order',
      'order',
    ]);
    for (const name of names) {
      expect(name).toMatch(/^[a-z_][a-z0-9_]*$/);
      expect(RESERVED_WORDS.has(name)).toBe(false);
    }
    expect(new Set(names).size).toBe(names.length);
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Column } from '@tidemark/contract';
import { canRemoveRow, checkRows, guessRow, initialRows, isIdLike, onboardBody, rowMessage } from './rows';

const column = (field_name: string, data_type: Column['data_type']): Column => ({
  field_name,
  display_name: field_name.replace(/_/g, ' '),
  source_table_name: 'orders.csv',
  destination_table_name: 'wh_abc_orders',
  data_type,
  null_fraction: 0,
  sample_values: [],
});

describe('configure-metrics rows', () => {
  const columns = [
    column('order_id', 'integer'),
    column('created_at', 'timestamptz'),
    column('country', 'text'),
    column('revenue', 'decimal'),
    ...Array.from({ length: 12 }, (_, i) => column(`extra_${i}`, 'text')),
  ];

  it('offers the first ten columns that are not dates, with sensible guesses', () => {
    const rows = initialRows(columns);
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.field_name)).not.toContain('created_at');
    expect(rows[0]).toMatchObject({ field_name: 'order_id', field_type: 'metric', aggregation: 'count' });
    expect(rows[1]).toMatchObject({ field_name: 'country', field_type: 'dimension' });
    expect(guessRow(column('refund_amount', 'decimal'), 0).objective).toBe('negative');
  });

  it("gives money columns the money format with the file's currency, and sends it", () => {
    const euros = { ...column('betrag_eur', 'decimal'), display_name: 'Betrag (EUR)', currency: 'EUR' };
    expect(guessRow(euros, 0)).toMatchObject({ format: 'currency', currency: 'EUR' });
    // An amount with no currency in the file is money in the workspace's currency; sessions are a number.
    expect(guessRow(column('revenue', 'decimal'), 1)).toMatchObject({ format: 'currency', currency: null });
    expect(guessRow(column('sessions', 'integer'), 2)).toMatchObject({ format: 'number', currency: null });
    const body = onboardBody(
      [
        guessRow(euros, 0),
        guessRow(column('sessions', 'integer'), 1),
        guessRow(column('country', 'text'), 2),
      ],
      [euros, column('sessions', 'integer'), column('country', 'text')],
      'abc123',
    );
    expect(body.metrics[0]).toMatchObject({ kpi_format: 'currency', currency: 'EUR' });
    expect(body.metrics[1]).not.toHaveProperty('kpi_format');
  });

  it('enables Next only with a dimension, names everywhere and formula text', () => {
    const rows = initialRows(columns).slice(0, 3);
    expect(checkRows(rows).canSubmit).toBe(true);
    expect(checkRows(rows.map((r) => ({ ...r, field_type: 'metric' as const }))).problem).toBe(
      'needDimension',
    );
    expect(checkRows([{ ...rows[0]!, display_name: ' ' }, rows[1]!]).problem).toBe('needNames');
    expect(checkRows([{ ...rows[0]!, aggregation: 'formula' }, rows[1]!]).problem).toBe('needFormula');
    expect(canRemoveRow(rows.slice(0, 2))).toBe(false);
    expect(canRemoveRow(rows)).toBe(true);
  });

  it('sends metrics with their aggregation or formula, and dimensions as a formula naming the field', () => {
    const rows = [
      { ...initialRows(columns)[0]! },
      {
        ...initialRows(columns)[2]!,
        aggregation: 'formula' as const,
        formula: ' sum(revenue) / count(order_id) ',
      },
      { ...initialRows(columns)[1]! },
    ];
    const body = onboardBody(rows, columns, 'abc123');
    expect(body.metrics).toEqual([
      expect.objectContaining({ field_name: 'order_id', aggregation: { type: 'operation', value: 'count' } }),
      expect.objectContaining({ aggregation: { type: 'formula', value: 'sum(revenue) / count(order_id)' } }),
    ]);
    expect(body.dimensions).toEqual([
      expect.objectContaining({ field_name: 'country', aggregation: { type: 'formula', value: 'country' } }),
    ]);
  });

  it('counts text made a metric, distinctly when it names an id, and never sums it', () => {
    const text = (field: string, display: string, samples: string[] = []) => ({
      ...column(field, 'text'),
      display_name: display,
      sample_values: samples,
    });
    expect(guessRow(text('status', 'Status', ['paid', 'paid', 'failed']), 0).aggregation).toBe('count');
    for (const [field, display] of [
      ['transaction_id', 'Transaction ID'],
      ['orderid', 'OrderID'],
      ['invoice_number', 'Invoice number'],
      ['customer', 'Customer'],
    ] as const) {
      const guessed = guessRow(text(field, display, field === 'customer' ? ['a@x', 'b@y', 'c@z'] : []), 0);
      expect(guessed.aggregation, display).toBe('count_distinct');
    }
    // 'Paid' ends in "id" without naming one.
    expect(isIdLike(text('paid', 'Paid', ['yes', 'no', 'yes']))).toBe(false);
    expect(guessRow(column('order_id', 'integer'), 0).aggregation).toBe('count');
    expect(guessRow(column('revenue', 'decimal'), 0).aggregation).toBe('sum');

    const rows = [
      { ...guessRow(text('transaction_id', 'Transaction ID'), 0), field_type: 'metric' as const },
      {
        ...guessRow(text('status', 'Status'), 1),
        field_type: 'metric' as const,
        aggregation: 'count_rows' as const,
      },
      guessRow(text('country', 'Country'), 2),
    ];
    expect(
      onboardBody(
        rows,
        [...columns, text('transaction_id', 'Transaction ID'), text('status', 'Status')],
        'x',
      ).metrics.map((m) => m.aggregation),
    ).toEqual([
      { type: 'formula', value: 'count_distinct(transaction_id)' },
      { type: 'formula', value: 'count(*)' },
    ]);
  });

  it("turns the server's metric number into the wizard's row number", () => {
    const rows = [
      guessRow(column('country', 'text'), 0),
      guessRow(column('revenue', 'decimal'), 1),
      guessRow(column('channel', 'text'), 2),
      guessRow(column('refunds', 'decimal'), 3),
    ];
    expect(rowMessage('Row 2, Refunds: Sum needs a number column', rows)).toBe(
      'Row 4, Refunds: Sum needs a number column',
    );
    expect(
      rowMessage('Invalid body field metrics.1.display_name: Every row needs a display name', rows),
    ).toBe('Row 4, Display name: Every row needs a display name');
    expect(rowMessage('Invalid body field dimensions.0.field_name: Too long', rows)).toBe(
      'Row 1, Field: Too long',
    );
    expect(rowMessage('Keep at least one dimension', rows)).toBe('Keep at least one dimension');
  });
});

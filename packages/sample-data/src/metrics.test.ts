import { describe, expect, it } from 'vitest';
import { SAMPLE_METRICS } from './metrics';
import { ORDER_COLUMNS } from './orders';
import { TRAFFIC_COLUMNS } from './traffic';

const columnsOf = { orders: ORDER_COLUMNS, traffic: TRAFFIC_COLUMNS };

describe('SAMPLE_METRICS', () => {
  it.each(SAMPLE_METRICS.map((config) => [config.table, config] as const))(
    'builds the %s metrics only from columns the table has',
    (table, config) => {
      const names = new Set(columnsOf[table].map((c) => c.name));
      expect(names.has(config.dateColumn)).toBe(true);
      for (const dimension of config.dimensions) expect(names.has(dimension.field_name)).toBe(true);
      for (const metric of config.metrics) {
        if (metric.aggregation.type === 'formula') {
          const referenced = metric.aggregation.value?.match(/\(([a-z_]+)/g) ?? [];
          expect(referenced.length).toBeGreaterThan(0);
          for (const ref of referenced) expect(names.has(ref.slice(1))).toBe(true);
        } else {
          expect(names.has(metric.field_name)).toBe(true);
        }
      }
    },
  );

  it('names every metric once, with the required set present', () => {
    const names = SAMPLE_METRICS.flatMap((config) => config.metrics.map((m) => m.display_name));
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        'Revenue',
        'Orders',
        'Average Order Value',
        'Net Revenue',
        'Cancellation Rate',
        'Sessions',
        'Add to Carts',
        'Checkouts',
      ]),
    );
  });

  it('marks the cancellation rate as a metric where lower is better', () => {
    const rate = SAMPLE_METRICS.flatMap((c) => c.metrics).find((m) => m.display_name === 'Cancellation Rate');
    expect(rate?.accent).toBe('negative');
    expect(rate?.aggregation).toEqual({
      type: 'formula',
      value: "100 * count_if(status = 'cancelled') / count(order_id)",
    });
  });
});

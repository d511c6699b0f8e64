import type { SampleTableName } from './table';

export type SampleMetricName =
  | 'Revenue'
  | 'Orders'
  | 'Average Order Value'
  | 'Net Revenue'
  | 'Cancellation Rate'
  | 'Sessions'
  | 'Add to Carts'
  | 'Checkouts';

export type AggregationType =
  'sum' | 'avg' | 'count' | 'min' | 'max' | 'stddev_samp' | 'var_samp' | 'formula';

/** One metric in the onboarding shape: a column and its aggregation, or a formula over the table. */
export interface SampleMetric {
  field_name: string;
  display_name: SampleMetricName;
  accent: 'positive' | 'negative';
  aggregation: { type: AggregationType; value?: string };
}

export interface SampleDimension {
  field_name: string;
  display_name: string;
}

export interface SampleMetricTable {
  table: SampleTableName;
  dateColumn: 'created_at' | 'hour';
  metrics: readonly SampleMetric[];
  dimensions: readonly SampleDimension[];
}

/** The metric configuration the demo workspace is seeded with; answer keys name metrics by display_name. */
export const SAMPLE_METRICS: readonly SampleMetricTable[] = [
  {
    table: 'orders',
    dateColumn: 'created_at',
    metrics: [
      { field_name: 'revenue', display_name: 'Revenue', accent: 'positive', aggregation: { type: 'sum' } },
      { field_name: 'order_id', display_name: 'Orders', accent: 'positive', aggregation: { type: 'count' } },
      {
        field_name: 'average_order_value',
        display_name: 'Average Order Value',
        accent: 'positive',
        aggregation: { type: 'formula', value: 'sum(revenue) / count(order_id)' },
      },
      {
        field_name: 'net_revenue',
        display_name: 'Net Revenue',
        accent: 'positive',
        aggregation: { type: 'formula', value: 'sum(revenue) - sum(refund_amount)' },
      },
      {
        field_name: 'cancellation_rate',
        display_name: 'Cancellation Rate',
        accent: 'negative',
        aggregation: { type: 'formula', value: "100 * count_if(status = 'cancelled') / count(order_id)" },
      },
    ],
    dimensions: [
      { field_name: 'channel', display_name: 'Channel' },
      { field_name: 'country', display_name: 'Country' },
      { field_name: 'device', display_name: 'Device' },
      { field_name: 'product_category', display_name: 'Product Category' },
    ],
  },
  {
    table: 'traffic',
    dateColumn: 'hour',
    metrics: [
      { field_name: 'sessions', display_name: 'Sessions', accent: 'positive', aggregation: { type: 'sum' } },
      {
        field_name: 'add_to_carts',
        display_name: 'Add to Carts',
        accent: 'positive',
        aggregation: { type: 'sum' },
      },
      {
        field_name: 'checkouts',
        display_name: 'Checkouts',
        accent: 'positive',
        aggregation: { type: 'sum' },
      },
    ],
    dimensions: [
      { field_name: 'channel', display_name: 'Channel' },
      { field_name: 'device', display_name: 'Device' },
    ],
  },
];

import type { AnswerKey } from './answer-key';
import { ORDER_COLUMNS, orderRows } from './orders';
import { planStore, type StoreOptions } from './plan';
import type { SampleTable } from './table';
import { TRAFFIC_COLUMNS, trafficRows } from './traffic';

export interface SampleStore {
  seed: number;
  timezone: string;
  months: number;
  /** First instant of the data: local midnight, `months` calendar months before `end`. */
  start: Date;
  /** End of the data, exclusive. */
  end: Date;
  orders: SampleTable<'orders'>;
  traffic: SampleTable<'traffic'>;
  tables: readonly [SampleTable<'orders'>, SampleTable<'traffic'>];
  answerKey: AnswerKey;
}

/**
 * A mid-size online store's orders and hourly traffic, with planted anomalies and their answer key.
 * The plan (calendar, demand, anomalies) is built at once and is small; rows are generated on each
 * rows() call, identically for the same options.
 */
export function generateStore(options: StoreOptions): SampleStore {
  const plan = planStore(options);
  const orders: SampleTable<'orders'> = {
    name: 'orders',
    columns: ORDER_COLUMNS,
    rows: () => orderRows(plan),
  };
  const traffic: SampleTable<'traffic'> = {
    name: 'traffic',
    columns: TRAFFIC_COLUMNS,
    rows: () => trafficRows(plan),
  };
  return {
    seed: plan.seed,
    timezone: plan.timezone,
    months: plan.months,
    start: new Date(plan.start),
    end: new Date(plan.end),
    orders,
    traffic,
    tables: [orders, traffic],
    answerKey: plan.answerKey,
  };
}

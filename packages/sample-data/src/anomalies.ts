import type { NormalPeak, PlantedAnomaly } from './answer-key';
import { peakWindows } from './calendar';
import { GROWTH_AFTER_BEND, GROWTH_PER_MONTH } from './model';
import type { DayPlan, HourPlan } from './plan';
import { HOUR_MS } from './time-zone';

/** Sizes and local times of the planted anomalies. */
export const PLANTED = {
  spike: { hour: 10, hours: 3, lift: 2.5 },
  dip: { hour: 14, hours: 4, keep: 0.4 },
  outage: { hour: 12, hours: 6 },
  germanyKeep: 0.3,
  campaignLift: 0.3,
  marketplaceLift: 4,
} as const;

/** Where each anomaly landed on the calendar. */
export interface Placement {
  spike: HourPlan[];
  dip: HourPlan[];
  outage: HourPlan[];
  germany: [DayPlan, DayPlan];
  campaign: DayPlan;
  bend: DayPlan;
  featured: DayPlan;
  zeroDays: DayPlan[];
}

const ORDER_METRICS = ['Revenue', 'Orders', 'Net Revenue'] as const;
const TRAFFIC_METRICS = ['Sessions', 'Add to Carts', 'Checkouts'] as const;

const iso = (ms: number): string => new Date(ms).toISOString();

function hourWindow(list: readonly HourPlan[]): { start: string; end: string } {
  return {
    start: iso(list[0]?.start ?? 0),
    end: iso((list[list.length - 1]?.start ?? 0) + HOUR_MS),
  };
}

/** The answer key's entries for a placement, sorted by start. */
export function describeAnomalies(
  placement: Placement,
  calendar: { end: number; dayWindow: (first: DayPlan, last?: DayPlan) => { start: number; end: number } },
): PlantedAnomaly[] {
  const days = (first: DayPlan, last?: DayPlan) => {
    const window = calendar.dayWindow(first, last);
    return { start: iso(window.start), end: iso(window.end) };
  };
  const fromDay = (day: DayPlan) => ({ start: iso(calendar.dayWindow(day).start), end: iso(calendar.end) });
  const { spike, dip, germanyKeep, campaignLift, marketplaceLift } = PLANTED;
  const anomalies: PlantedAnomaly[] = [
    {
      id: 'email-blast',
      kind: 'spike',
      table: 'orders',
      metrics: [...ORDER_METRICS],
      grain: 'h',
      ...hourWindow(placement.spike),
      direction: 'up',
      dimension: { name: 'channel', value: 'Email' },
      magnitude: spike.lift,
      description:
        'An e-mail campaign: Email orders multiply for three hours from 10:00 local, so total orders and ' +
        'revenue reach 2.5× their usual level; Email sessions rise in step.',
      alsoVisibleIn: [{ table: 'traffic', metrics: [...TRAFFIC_METRICS] }],
    },
    {
      id: 'site-slowdown',
      kind: 'dip',
      table: 'traffic',
      metrics: [...TRAFFIC_METRICS],
      grain: 'h',
      ...hourWindow(placement.dip),
      direction: 'down',
      magnitude: dip.keep - 1,
      description:
        'The site is slow for four hours from 14:00 local: sessions and orders of every channel fall 60 %.',
      alsoVisibleIn: [{ table: 'orders', metrics: [...ORDER_METRICS] }],
    },
    {
      id: 'paid-search-campaign',
      kind: 'level_shift',
      table: 'traffic',
      metrics: ['Sessions'],
      grain: 'd',
      ...fromDay(placement.campaign),
      direction: 'up',
      dimension: { name: 'channel', value: 'Paid Search' },
      magnitude: 1 + campaignLift,
      description:
        'A new ad campaign: Paid Search sessions step up 30 % from this day on and stay there. The extra ' +
        'visitors browse but do not buy, so carts, checkouts and orders do not move.',
    },
    {
      id: 'growth-reversal',
      kind: 'trend_change',
      table: 'orders',
      metrics: [...ORDER_METRICS],
      grain: 'd',
      ...fromDay(placement.bend),
      direction: 'down',
      magnitude: GROWTH_AFTER_BEND - GROWTH_PER_MONTH,
      description:
        'Demand turns: from this day the compound monthly growth bends from +2 % to −12 % ' +
        '(no jump, the slope changes). Orders, revenue and sessions all follow.',
      alsoVisibleIn: [{ table: 'traffic', metrics: [...TRAFFIC_METRICS] }],
    },
    {
      id: 'germany-payment-outage',
      kind: 'dimension_drop',
      table: 'orders',
      metrics: [...ORDER_METRICS],
      grain: 'd',
      ...days(placement.germany[0], placement.germany[1]),
      direction: 'down',
      dimension: { name: 'country', value: 'DE' },
      magnitude: germanyKeep - 1,
      description:
        'A payment method fails in Germany for two days: orders and revenue from DE fall 70 % while every ' +
        'other country is normal. Traffic has no country and does not move.',
    },
    {
      id: 'tracking-outage',
      kind: 'tracking_outage',
      table: 'traffic',
      metrics: [...TRAFFIC_METRICS],
      grain: 'h',
      ...hourWindow(placement.outage),
      direction: 'down',
      magnitude: -1,
      description:
        'The analytics tag breaks for six hours from 12:00 local: every traffic row reads zero while ' +
        'orders continue as usual.',
    },
    {
      id: 'marketplace-feature',
      kind: 'low_volume_spike',
      table: 'orders',
      metrics: [...ORDER_METRICS],
      grain: 'd',
      ...days(placement.featured),
      direction: 'up',
      dimension: { name: 'channel', value: 'Marketplace' },
      magnitude: marketplaceLift,
      description:
        'The marketplace features the store for a day: Marketplace orders (about ten a day) reach 4×.',
    },
    ...placement.zeroDays.map((day, i): PlantedAnomaly => ({
      id: `marketplace-zero-day-${i + 1}`,
      kind: 'zero_days',
      table: 'orders',
      metrics: [...ORDER_METRICS],
      grain: 'd',
      ...days(day),
      direction: 'down',
      dimension: { name: 'channel', value: 'Marketplace' },
      magnitude: -1,
      description: `Marketplace listing offline (${i + 1} of ${placement.zeroDays.length}): no Marketplace orders all day.`,
    })),
  ];
  return anomalies.sort((a, b) => a.start.localeCompare(b.start));
}

/**
 * The Black Fridays the data holds no year before (their date a year earlier is before the data starts): a
 * merchant wants those raised, as nothing told how much the day lifts this store.
 */
export function describeFirstHolidays(
  normalPeaks: readonly NormalPeak[],
  dataStart: string,
): PlantedAnomaly[] {
  const yearAgo = (iso: string) => Date.parse(iso) - 365 * 24 * HOUR_MS;
  return normalPeaks
    .filter((peak) => peak.name === 'Black Friday' && yearAgo(peak.start) < Date.parse(dataStart))
    .map((peak): PlantedAnomaly => ({
      id: `first-black-friday-${peak.start.slice(0, 4)}`,
      kind: 'spike',
      table: 'orders',
      metrics: [...ORDER_METRICS],
      grain: 'd',
      start: peak.start,
      end: peak.end,
      direction: 'up',
      magnitude:
        peakWindows(Number(peak.start.slice(0, 4))).find((w) => w.name === 'Black Friday')?.days[0]?.demand ??
        1,
      holiday: 'Black Friday',
      description:
        "The store's first Black Friday in the data, several times a normal day: there is no year before " +
        'it to expect the lift from. Not planted: the ordinary season.',
      alsoVisibleIn: [{ table: 'traffic', metrics: [...TRAFFIC_METRICS] }],
    }));
}

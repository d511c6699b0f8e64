import type { Plan } from '@tidemark/contract';

/**
 * The plan catalogue: a 14-day trial, two paid plans and two add-ons, priced in US dollars. Reference data in
 * code (no table): a change ships with the code that prices it. Stripe is given the price inline at checkout,
 * so no price objects have to be made in its dashboard first.
 */
export const TRIAL_DAYS = 14;

export const PLAN_CATALOGUE: readonly Plan[] = [
  {
    plan_id: 'trial',
    kind: 'plan',
    name: 'Free trial',
    price: 0,
    billing_cycle: 'trial',
    description: `Every feature for ${TRIAL_DAYS} days: insights, events and alerts for one store.`,
    actions: { cancel_plan: false, upgrade_plan: true },
    is_top_plan: false,
  },
  {
    plan_id: 'growth',
    kind: 'plan',
    name: 'Growth',
    price: 49,
    billing_cycle: 'month',
    description: 'One store, up to 25 metrics, daily insights, provider outages and e-mail and Slack alerts.',
    actions: { cancel_plan: true, upgrade_plan: true },
    is_top_plan: false,
  },
  {
    plan_id: 'scale',
    kind: 'plan',
    name: 'Scale',
    price: 149,
    billing_cycle: 'month',
    description:
      'Unlimited metrics, hourly insights, site-error events, SMS alerts and the weekly provider report.',
    actions: { cancel_plan: true, upgrade_plan: false },
    is_top_plan: true,
  },
  {
    plan_id: 'extra_store',
    kind: 'add_on',
    name: 'Extra store',
    price: 29,
    billing_cycle: 'month',
    description: 'Watch a second store with its own currency, time zone and providers.',
    actions: { cancel_plan: true, upgrade_plan: false },
    is_top_plan: false,
  },
  {
    plan_id: 'sms_alerts',
    kind: 'add_on',
    name: 'SMS alert pack',
    price: 15,
    billing_cycle: 'month',
    description: '500 SMS alerts a month for High severity insights and events.',
    actions: { cancel_plan: true, upgrade_plan: false },
    is_top_plan: false,
  },
];

export const TRIAL_PLAN = PLAN_CATALOGUE[0]!;

export function planById(id: string | null | undefined): Plan | undefined {
  return PLAN_CATALOGUE.find((p) => p.plan_id === id);
}

/** Paid plans rank by price; an upgrade goes to a plan above the current one. */
export function isUpgrade(from: Plan, to: Plan): boolean {
  return to.kind === 'plan' && to.price > from.price;
}

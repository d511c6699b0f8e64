import { z } from 'zod';
import { defineRoute } from './route';
import { SETUP_NOTICES } from './setup';
import { TenantQuerySchema } from './tenants';

// Billing (spec 1 §3 Billing, §4 Settings, §7 billing/details and billing/cancel): a plan catalogue of a trial,
// paid plans and add-ons; payment through Stripe Checkout and its customer portal when Stripe is configured.

export const BILLING_CYCLES = ['trial', 'month', 'year'] as const;

export const PlanSchema = z
  .object({
    plan_id: z.string(),
    kind: z.enum(['plan', 'add_on']),
    name: z.string(),
    /** In US dollars per billing cycle; 0 for the trial. */
    price: z.number(),
    billing_cycle: z.enum(BILLING_CYCLES),
    description: z.string(),
    actions: z.object({ cancel_plan: z.boolean(), upgrade_plan: z.boolean() }),
    is_top_plan: z.boolean(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof PlanSchema>;

export const BillingQuerySchema = TenantQuerySchema.extend({ org_uuid: z.string().max(64).optional() });

export const BillingDetailsSchema = z
  .object({
    success: z.boolean(),
    data: z.object({
      current_plan: PlanSchema,
      add_on_plan: PlanSchema.nullable(),
      /** The catalogue, so the tab can offer the next plan and the add-ons. */
      plans: z.array(PlanSchema),
      add_ons: z.array(PlanSchema),
      /** Whether payments go through Stripe; without it plans change locally and the tab says so. */
      stripe_configured: z.boolean(),
      /** Without Stripe: what this viewer is told (a customer what to do, an operator the setting). */
      payments_notice: z.string().nullable().optional(),
      /** A Stripe customer exists for this workspace, so its portal (invoices, card) can open. */
      has_billing_portal: z.boolean(),
      trial_ends_at: z.string().nullable(),
    }),
  })
  .meta({ id: 'BillingDetails' });
export type BillingDetails = z.infer<typeof BillingDetailsSchema>['data'];

const PlanIdSchema = z.string().min(1).max(64);
export const CancelPlanBodySchema = z.object({ plan: PlanIdSchema });
export const ChangePlanBodySchema = z.object({
  plan: PlanIdSchema,
  /** Where Stripe Checkout returns to: the billing tab, or the onboarding add-ons step. */
  from: z.enum(['settings', 'onboarding']).default('settings'),
});

export const BillingMessageSchema = z.object({ success: z.boolean(), message: z.string() });
/** With Stripe the answer carries the Checkout or portal page to open; without, the change is already made. */
export const BillingRedirectSchema = BillingMessageSchema.extend({ url: z.string().nullable() });

export const BILLING_MESSAGES = {
  cancelled: (plan: string) => `Your ${plan} plan has been cancelled.`,
  addOnCancelled: (plan: string) => `Your ${plan} add-on has been cancelled.`,
  upgraded: (plan: string) => `You are now on the ${plan} plan.`,
  addOnAdded: (plan: string) => `${plan} has been added to your workspace.`,
  checkout: 'Opening secure checkout…',
  unknownPlan: 'This plan does not exist.',
  notCurrent: 'This plan is not active on your workspace.',
  cannotCancel: 'This plan cannot be cancelled.',
  alreadyOnPlan: 'Your workspace is already on this plan.',
  topPlan: 'You are already on the top plan.',
  /** An operator's reading; customers get SETUP_NOTICES.payments.customer. */
  notConfigured: SETUP_NOTICES.payments.operator,
  noPortal: 'There is no billing account for this workspace yet.',
  badSignature: 'The webhook signature is missing or invalid.',
  stripeFailed: 'The payment provider could not be reached. Please try again.',
} as const;

export const billingRoutes = {
  billingDetails: defineRoute({
    method: 'GET',
    path: '/v1/billing/details',
    access: 'tenant',
    summary: "The workspace's plan and add-on, with the plan catalogue",
    tags: ['billing'],
    query: BillingQuerySchema,
    response: BillingDetailsSchema,
  }),
  cancelPlan: defineRoute({
    method: 'POST',
    path: '/v1/billing/cancel',
    access: 'tenant',
    summary: 'Cancel the current plan (back to the trial) or the add-on',
    tags: ['billing'],
    query: BillingQuerySchema,
    body: CancelPlanBodySchema,
    response: BillingMessageSchema,
  }),
  changePlan: defineRoute({
    method: 'POST',
    path: '/v1/billing/checkout',
    access: 'tenant',
    summary:
      'Upgrade or buy an add-on: a Stripe Checkout page when Stripe is configured, else changed at once',
    tags: ['billing'],
    query: BillingQuerySchema,
    body: ChangePlanBodySchema,
    response: BillingRedirectSchema,
  }),
  billingPortal: defineRoute({
    method: 'POST',
    path: '/v1/billing/portal',
    access: 'tenant',
    summary: "Open Stripe's customer portal (invoices, card, cancellation) for this workspace",
    tags: ['billing'],
    query: BillingQuerySchema,
    response: BillingRedirectSchema,
  }),
  stripeWebhook: defineRoute({
    method: 'POST',
    path: '/v1/billing/webhook',
    access: 'public',
    summary: 'Stripe webhook events (signed with STRIPE_WEBHOOK_SECRET) that change plans',
    tags: ['billing'],
    response: z.object({ received: z.boolean() }),
  }),
} as const;

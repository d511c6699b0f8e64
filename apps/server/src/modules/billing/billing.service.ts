import {
  BILLING_MESSAGES,
  ROLE_MESSAGES,
  SETUP_NOTICES,
  setupNotice,
  type BillingDetails,
  type Plan,
} from '@tidemark/contract';
import type Stripe from 'stripe';
import { AppError } from '../../errors';
import type { BaseContext, TenantContext } from '../../plugins/context';
import { findTenantRow, requireOwner } from '../tenants';
import * as repo from './billing.repository';
import { PLAN_CATALOGUE, TRIAL_DAYS, TRIAL_PLAN, planById } from './plans';
import { stripeFor } from './stripe-client';

const DAY_MS = 86_400_000;

async function accountOf(ctx: TenantContext) {
  const account = await repo.findAccount(ctx.db, ctx.tenantId);
  return {
    account,
    current: planById(account?.plan_id) ?? TRIAL_PLAN,
    addOn: planById(account?.add_on_plan_id) ?? null,
  };
}

/** GET billing/details: the plan and add-on with the catalogue, and whether Stripe takes payments. */
export async function getBillingDetails({
  ctx,
}: {
  ctx: TenantContext;
}): Promise<{ success: true; data: BillingDetails }> {
  const { account, current, addOn } = await accountOf(ctx);
  const tenant = await findTenantRow({ ctx, input: { tenantId: ctx.tenantId } });
  const trialEnds =
    current.plan_id === TRIAL_PLAN.plan_id && tenant
      ? new Date(tenant.created_at.getTime() + TRIAL_DAYS * DAY_MS).toISOString()
      : null;
  return {
    success: true,
    data: {
      current_plan: current,
      add_on_plan: addOn,
      plans: PLAN_CATALOGUE.filter((p) => p.kind === 'plan'),
      add_ons: PLAN_CATALOGUE.filter((p) => p.kind === 'add_on'),
      stripe_configured: Boolean(ctx.config.stripe),
      payments_notice: ctx.config.stripe ? null : setupNotice('payments', ctx.user.isOperator),
      has_billing_portal: Boolean(ctx.config.stripe && account?.stripe_customer_id),
      trial_ends_at: trialEnds,
    },
  };
}

function planOrThrow(id: string): Plan {
  const plan = planById(id);
  if (!plan) throw new AppError('bad_request', BILLING_MESSAGES.unknownPlan);
  return plan;
}

async function stripeCall<T>(ctx: BaseContext, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    ctx.log.warn({ err: error }, 'Stripe call failed');
    throw new AppError('bad_request', BILLING_MESSAGES.stripeFailed);
  }
}

/**
 * POST billing/cancel: the current paid plan goes back to the trial, or the add-on goes. With Stripe, its
 * subscription is cancelled first, so the workspace is never billed for a plan it no longer has.
 */
export async function cancelPlan({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { plan: string };
}): Promise<{ success: boolean; message: string }> {
  await requireOwner({ ctx, input: { refusal: ROLE_MESSAGES.billing } });
  const plan = planOrThrow(input.plan);
  const { account, current, addOn } = await accountOf(ctx);
  const stripe = stripeFor(ctx.config);
  if (plan.kind === 'plan') {
    if (plan.plan_id !== current.plan_id) throw new AppError('bad_request', BILLING_MESSAGES.notCurrent);
    if (!plan.actions.cancel_plan) throw new AppError('bad_request', BILLING_MESSAGES.cannotCancel);
    const subscription = account?.stripe_subscription_id;
    if (stripe && subscription) await stripeCall(ctx, () => stripe.subscriptions.cancel(subscription));
    await repo.setPlan(ctx.db, { tenantId: ctx.tenantId, planId: TRIAL_PLAN.plan_id, subscriptionId: null });
    return { success: true, message: BILLING_MESSAGES.cancelled(plan.name) };
  }
  if (plan.plan_id !== addOn?.plan_id) throw new AppError('bad_request', BILLING_MESSAGES.notCurrent);
  const subscription = account?.add_on_subscription_id;
  if (stripe && subscription) await stripeCall(ctx, () => stripe.subscriptions.cancel(subscription));
  await repo.setAddOn(ctx.db, {
    tenantId: ctx.tenantId,
    addOnId: null,
    subscriptionId: null,
    basePlanId: current.plan_id,
  });
  return { success: true, message: BILLING_MESSAGES.addOnCancelled(plan.name) };
}

/**
 * POST billing/checkout: with Stripe, a Checkout page for the plan or add-on carrying the workspace id and the
 * user's e-mail (the webhook applies it once paid); without, the change is made at once.
 */
export async function changePlan({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { plan: string; from: 'settings' | 'onboarding' };
}): Promise<{ success: boolean; message: string; url: string | null }> {
  await requireOwner({ ctx, input: { refusal: ROLE_MESSAGES.billing } });
  const plan = planOrThrow(input.plan);
  const { account, current, addOn } = await accountOf(ctx);
  if (plan.price <= 0) throw new AppError('bad_request', BILLING_MESSAGES.unknownPlan);
  if (plan.plan_id === current.plan_id || plan.plan_id === addOn?.plan_id) {
    throw new AppError('bad_request', BILLING_MESSAGES.alreadyOnPlan);
  }
  if (plan.kind === 'plan' && current.is_top_plan)
    throw new AppError('bad_request', BILLING_MESSAGES.topPlan);

  const stripe = stripeFor(ctx.config);
  if (!stripe) {
    await applyPurchase(ctx, { tenantId: ctx.tenantId, plan, subscriptionId: null, customerId: null });
    return {
      success: true,
      message:
        plan.kind === 'plan' ? BILLING_MESSAGES.upgraded(plan.name) : BILLING_MESSAGES.addOnAdded(plan.name),
      url: null,
    };
  }
  const back =
    input.from === 'onboarding'
      ? `${ctx.config.publicUrl}/onboard/stripe_add_on`
      : `${ctx.config.publicUrl}/preferences?tab=billing`;
  const metadata = { tenant_id: String(ctx.tenantId), plan_id: plan.plan_id };
  const session = await stripeCall(ctx, () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      client_reference_id: String(ctx.tenantId),
      ...(account?.stripe_customer_id
        ? { customer: account.stripe_customer_id }
        : { customer_email: ctx.user.email }),
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: Math.round(plan.price * 100),
            recurring: { interval: plan.billing_cycle === 'year' ? 'year' : 'month' },
            product_data: { name: `Tidemark ${plan.name}`, metadata: { plan_id: plan.plan_id } },
          },
        },
      ],
      metadata,
      subscription_data: { metadata },
      success_url: `${back}${back.includes('?') ? '&' : '?'}checkout=success`,
      cancel_url: `${back}${back.includes('?') ? '&' : '?'}checkout=cancelled`,
    }),
  );
  if (!session.url) throw new AppError('bad_request', BILLING_MESSAGES.stripeFailed);
  return { success: true, message: BILLING_MESSAGES.checkout, url: session.url };
}

/** POST billing/portal: Stripe's customer portal for invoices and the card on file. */
export async function openBillingPortal({
  ctx,
}: {
  ctx: TenantContext;
}): Promise<{ success: boolean; message: string; url: string | null }> {
  await requireOwner({ ctx, input: { refusal: ROLE_MESSAGES.billing } });
  const stripe = stripeFor(ctx.config);
  if (!stripe) {
    throw new AppError('not_configured', BILLING_MESSAGES.notConfigured, SETUP_NOTICES.payments.customer);
  }
  const customer = (await repo.findAccount(ctx.db, ctx.tenantId))?.stripe_customer_id;
  if (!customer) throw new AppError('bad_request', BILLING_MESSAGES.noPortal);
  const session = await stripeCall(ctx, () =>
    stripe.billingPortal.sessions.create({
      customer,
      return_url: `${ctx.config.publicUrl}/preferences?tab=billing`,
    }),
  );
  return { success: true, message: BILLING_MESSAGES.checkout, url: session.url };
}

async function applyPurchase(
  ctx: BaseContext,
  input: { tenantId: number; plan: Plan; subscriptionId: string | null; customerId: string | null },
): Promise<void> {
  const account = await repo.findAccount(ctx.db, input.tenantId);
  const stripe = stripeFor(ctx.config);
  if (input.plan.kind === 'plan') {
    // An upgrade through Checkout starts a new subscription: the old one stops, so nobody pays twice.
    const old = account?.stripe_subscription_id;
    if (stripe && old && old !== input.subscriptionId) {
      await stripeCall(ctx, () => stripe.subscriptions.cancel(old));
    }
    await repo.setPlan(ctx.db, {
      tenantId: input.tenantId,
      planId: input.plan.plan_id,
      subscriptionId: input.subscriptionId,
      customerId: input.customerId,
    });
    return;
  }
  const old = account?.add_on_subscription_id;
  if (stripe && old && old !== input.subscriptionId) {
    await stripeCall(ctx, () => stripe.subscriptions.cancel(old));
  }
  await repo.setAddOn(ctx.db, {
    tenantId: input.tenantId,
    addOnId: input.plan.plan_id,
    subscriptionId: input.subscriptionId,
    customerId: input.customerId,
    basePlanId: account?.plan_id ?? TRIAL_PLAN.plan_id,
  });
}

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  typeof v === 'string' ? v : (v?.id ?? null);

/**
 * POST billing/webhook: only events signed with STRIPE_WEBHOOK_SECRET count; anything else is a 400 and
 * changes nothing. A paid Checkout applies its plan or add-on; a deleted subscription takes it away.
 * Each event is applied once.
 */
export async function handleStripeWebhook({
  ctx,
  input,
}: {
  ctx: BaseContext;
  input: { payload: string | undefined; signature: string | undefined };
}): Promise<{ received: boolean }> {
  const stripe = stripeFor(ctx.config);
  const secret = ctx.config.stripe?.webhookSecret;
  if (!stripe || !secret || !input.signature || typeof input.payload !== 'string') {
    throw new AppError('bad_request', BILLING_MESSAGES.badSignature);
  }
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(input.payload, input.signature, secret);
  } catch {
    throw new AppError('bad_request', BILLING_MESSAGES.badSignature);
  }

  if (event.type === 'checkout.session.completed') {
    const session = event.data.object;
    const tenantId = Number(session.metadata?.tenant_id ?? session.client_reference_id);
    const plan = planById(session.metadata?.plan_id);
    if (!Number.isSafeInteger(tenantId) || !plan || !(await repo.tenantExists(ctx.db, tenantId))) {
      return { received: true };
    }
    if (!(await repo.recordEvent(ctx.db, { tenantId, eventId: event.id, type: event.type }))) {
      return { received: true };
    }
    await applyPurchase(ctx, {
      tenantId,
      plan,
      subscriptionId: idOf(session.subscription),
      customerId: idOf(session.customer),
    });
  } else if (event.type === 'customer.subscription.deleted') {
    const subscription = event.data.object;
    const owner = await repo.findTenantBySubscription(ctx.db, subscription.id);
    if (!owner) return { received: true };
    if (
      !(await repo.recordEvent(ctx.db, { tenantId: owner.tenant_id, eventId: event.id, type: event.type }))
    ) {
      return { received: true };
    }
    const account = await repo.findAccount(ctx.db, owner.tenant_id);
    if (owner.is_add_on) {
      await repo.setAddOn(ctx.db, {
        tenantId: owner.tenant_id,
        addOnId: null,
        subscriptionId: null,
        basePlanId: account?.plan_id ?? TRIAL_PLAN.plan_id,
      });
    } else {
      await repo.setPlan(ctx.db, {
        tenantId: owner.tenant_id,
        planId: TRIAL_PLAN.plan_id,
        subscriptionId: null,
      });
    }
  }
  return { received: true };
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, SETUP_NOTICES } from '@tidemark/contract';
import {
  buildTestApp,
  createOperator,
  createWorkspace,
  type Actor,
  type TestApp,
} from '../../testing/build-test-app';

type Shop = { tenant: { tenant_id: number }; owner: Actor };

const details = (t: TestApp, shop: Shop) =>
  t.app.inject({ method: 'GET', url: '/v1/billing/details', headers: shop.owner.headers });
const post = (t: TestApp, shop: Shop, path: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/billing/${path}`,
    headers: shop.owner.headers,
    ...(payload ? { payload } : {}),
  });
const planOf = async (t: TestApp, shop: Shop) => {
  const data = (await details(t, shop)).json().data as {
    current_plan: { plan_id: string };
    add_on_plan: { plan_id: string } | null;
  };
  return { plan: data.current_plan.plan_id, addOn: data.add_on_plan?.plan_id ?? null };
};

describe('billing without Stripe: plans change locally and the answer says so', () => {
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createWorkspace(t);
  }, 120_000);
  afterAll(() => t.close());

  it('starts on the trial, with the catalogue and its action flags', async () => {
    const res = await details(t, shop);
    expect(res.statusCode, res.body).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data.current_plan).toMatchObject({
      plan_id: 'trial',
      price: 0,
      actions: { cancel_plan: false, upgrade_plan: true },
      is_top_plan: false,
    });
    expect(data.add_on_plan).toBeNull();
    expect(data.plans.filter((p: { price: number }) => p.price > 0).length).toBeGreaterThanOrEqual(2);
    expect(data.plans.filter((p: { is_top_plan: boolean }) => p.is_top_plan)).toHaveLength(1);
    expect(data.add_ons.length).toBeGreaterThanOrEqual(2);
    expect(data.stripe_configured).toBe(false);
    expect(data.trial_ends_at).toEqual(expect.any(String));
  });

  it('tells a customer without Stripe what to do, and only an operator which setting is missing', async () => {
    const customer = (await details(t, shop)).json().data;
    expect(customer.payments_notice).toBe('Payments are not set up for this workspace; contact support.');
    const operator = await createOperator(t);
    const asOperator = await t.app.inject({
      method: 'GET',
      url: `/v1/billing/details?tenant_id=${shop.tenant.tenant_id}`,
      headers: operator.headers,
    });
    expect(asOperator.json().data.payments_notice).toBe(SETUP_NOTICES.payments.operator);
    expect(asOperator.json().data.payments_notice).toContain('STRIPE_SECRET_KEY');

    const portal = await post(t, shop, 'portal');
    expect(portal.statusCode).toBe(501);
    expect(portal.json().message).toBe(SETUP_NOTICES.payments.customer);
    expect(portal.body).not.toContain('STRIPE');
  });

  it('upgrades, adds an add-on and cancels, each with its message', async () => {
    const up = await post(t, shop, 'checkout', { plan: 'growth' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toEqual({ success: true, message: BILLING_MESSAGES.upgraded('Growth'), url: null });
    expect(await planOf(t, shop)).toEqual({ plan: 'growth', addOn: null });

    const addOn = await post(t, shop, 'checkout', { plan: 'sms_alerts' });
    expect(addOn.json().message).toBe(BILLING_MESSAGES.addOnAdded('SMS alert pack'));
    expect(await planOf(t, shop)).toEqual({ plan: 'growth', addOn: 'sms_alerts' });

    const top = await post(t, shop, 'checkout', { plan: 'scale' });
    expect(top.statusCode).toBe(200);
    const again = await post(t, shop, 'checkout', { plan: 'growth' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(BILLING_MESSAGES.topPlan);

    const notCurrent = await post(t, shop, 'cancel', { plan: 'growth' });
    expect(notCurrent.statusCode).toBe(400);
    expect(notCurrent.json().message).toBe(BILLING_MESSAGES.notCurrent);
    const cancel = await post(t, shop, 'cancel', { plan: 'scale' });
    expect(cancel.json()).toEqual({ success: true, message: BILLING_MESSAGES.cancelled('Scale') });
    const cancelAddOn = await post(t, shop, 'cancel', { plan: 'sms_alerts' });
    expect(cancelAddOn.json().message).toBe(BILLING_MESSAGES.addOnCancelled('SMS alert pack'));
    expect(await planOf(t, shop)).toEqual({ plan: 'trial', addOn: null });
  });

  it('refuses what cannot be done, with a 400 and its message', async () => {
    for (const [path, plan, message] of [
      ['cancel', 'trial', BILLING_MESSAGES.cannotCancel],
      ['cancel', 'gold', BILLING_MESSAGES.unknownPlan],
      ['checkout', 'trial', BILLING_MESSAGES.unknownPlan],
      ['checkout', 'gold', BILLING_MESSAGES.unknownPlan],
    ] as const) {
      const res = await post(t, shop, path, { plan });
      expect(res.statusCode, `${path} ${plan}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const hook = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(hook.statusCode).toBe(400);
  });
});

interface StripeCall {
  method: string;
  path: string;
  form: URLSearchParams;
}

/** A local server answering like Stripe's API for the calls billing makes, recording each. */
async function fakeStripe(): Promise<{ url: string; calls: StripeCall[]; close(): Promise<void> }> {
  const calls: StripeCall[] = [];
  let n = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      calls.push({ method: req.method ?? '', path, form: new URLSearchParams(raw) });
      res.setHeader('content-type', 'application/json');
      res.setHeader('request-id', `req_${++n}`);
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        res.end(
          JSON.stringify({
            id: `cs_test_${n}`,
            object: 'checkout.session',
            url: `https://checkout.stripe.test/c/pay/cs_test_${n}`,
          }),
        );
      } else if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        res.end(
          JSON.stringify({
            id: `bps_${n}`,
            object: 'billing_portal.session',
            url: 'https://billing.stripe.test/p/session',
          }),
        );
      } else if (req.method === 'DELETE' && path.startsWith('/v1/subscriptions/')) {
        res.end(JSON.stringify({ id: path.split('/').pop(), object: 'subscription', status: 'canceled' }));
      } else {
        res.statusCode = 404;
        res.end(
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              message: `Unrecognized request URL (${req.method}: ${path})`,
            },
          }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls, close: () => new Promise((r) => server.close(() => r())) };
}

describe('billing with Stripe: Checkout, the portal and signed webhooks', () => {
  const WEBHOOK_SECRET = 'whsec_test_secret';
  let t: TestApp;
  let shop: Shop;
  let stripeApi: Awaited<ReturnType<typeof fakeStripe>>;
  const signer = new Stripe('sk_test_signer');

  beforeAll(async () => {
    stripeApi = await fakeStripe();
    t = await buildTestApp({
      config: {
        stripe: { secretKey: 'sk_test_tidemark', webhookSecret: WEBHOOK_SECRET, apiUrl: stripeApi.url },
      },
    });
    shop = await createWorkspace(t);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await stripeApi.close();
  });

  const webhook = (event: object, secret: string | null = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/v1/billing/webhook',
      payload,
      headers: {
        'content-type': 'application/json',
        ...(secret
          ? { 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }) }
          : {}),
      },
    });
  };
  const completed = (id: string, plan: string, subscription: string) => ({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_${id}`,
        object: 'checkout.session',
        client_reference_id: String(shop.tenant.tenant_id),
        customer: 'cus_shop',
        subscription,
        metadata: { tenant_id: String(shop.tenant.tenant_id), plan_id: plan },
      },
    },
  });

  it('opens Checkout carrying the workspace id and the e-mail, and changes nothing until paid', async () => {
    const res = await post(t, shop, 'checkout', { plan: 'growth' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//),
    });
    const call = stripeApi.calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(call.form.get('client_reference_id')).toBe(String(shop.tenant.tenant_id));
    expect(call.form.get('customer_email')).toBe(shop.owner.email);
    expect(call.form.get('metadata[plan_id]')).toBe('growth');
    expect(call.form.get('line_items[0][price_data][unit_amount]')).toBe('4900');
    expect(call.form.get('success_url')).toContain('/preferences?tab=billing&checkout=success');
    expect(await planOf(t, shop)).toEqual({ plan: 'trial', addOn: null });
    expect((await details(t, shop)).json().data.stripe_configured).toBe(true);
  });

  it('refuses forged and unsigned webhooks with 400, changing nothing', async () => {
    expect((await webhook(completed('evt_forged', 'scale', 'sub_x'), 'whsec_wrong')).statusCode).toBe(400);
    expect((await webhook(completed('evt_unsigned', 'scale', 'sub_x'), null)).statusCode).toBe(400);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/webhook',
      payload: JSON.stringify(completed('evt_t', 'scale', 'sub_x')),
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({
          payload: JSON.stringify(completed('evt_t', 'growth', 'sub_x')),
          secret: WEBHOOK_SECRET,
        }),
      },
    });
    expect(tampered.statusCode).toBe(400);
    expect(await planOf(t, shop)).toEqual({ plan: 'trial', addOn: null });
  });

  it('applies a paid Checkout once, opens the portal, and cancels through Stripe', async () => {
    const first = await webhook(completed('evt_paid', 'growth', 'sub_growth'));
    expect(first.statusCode, first.body).toBe(200);
    expect(await planOf(t, shop)).toEqual({ plan: 'growth', addOn: null });
    // A redelivery of the same event is applied once only.
    await post(t, shop, 'cancel', { plan: 'growth' });
    expect((await webhook(completed('evt_paid', 'growth', 'sub_growth'))).statusCode).toBe(200);
    expect(await planOf(t, shop)).toEqual({ plan: 'trial', addOn: null });
    expect(
      stripeApi.calls.some((c) => c.method === 'DELETE' && c.path === '/v1/subscriptions/sub_growth'),
    ).toBe(true);

    await webhook(completed('evt_addon', 'extra_store', 'sub_addon'));
    expect(await planOf(t, shop)).toEqual({ plan: 'trial', addOn: 'extra_store' });
    const portal = await post(t, shop, 'portal');
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toBe('https://billing.stripe.test/p/session');
    expect(stripeApi.calls.find((c) => c.path === '/v1/billing_portal/sessions')!.form.get('customer')).toBe(
      'cus_shop',
    );
    // With a customer on file, the next Checkout reuses it.
    await post(t, shop, 'checkout', { plan: 'scale' });
    expect(
      stripeApi.calls
        .filter((c) => c.path === '/v1/checkout/sessions')
        .at(-1)!
        .form.get('customer'),
    ).toBe('cus_shop');

    // Cancelled in Stripe's portal: the deleted subscription takes the add-on away.
    const deleted = await webhook({
      id: 'evt_deleted',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_addon', object: 'subscription', status: 'canceled', metadata: {} } },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await planOf(t, shop)).toEqual({ plan: 'trial', addOn: null });
  });
});

export { billingRoutes } from './billing.routes';
export {
  cancelPlan,
  changePlan,
  getBillingDetails,
  handleStripeWebhook,
  openBillingPortal,
} from './billing.service';
export { PLAN_CATALOGUE, TRIAL_PLAN, planById } from './plans';

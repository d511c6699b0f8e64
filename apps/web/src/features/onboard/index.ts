export { CreateTenantForm, type CreateTenantFormProps } from './components/create-tenant-form';
export { JoinWorkspaceCard, type JoinWorkspaceCardProps } from './components/join-workspace-card';
export { PersonaForm, type PersonaFormProps } from './components/persona-form';
export type { OwnWorkspace } from './api/get-team-details';
export { AppInstallationCard, type AppInstallationCardProps } from './components/app-installation-card';
export { StartTrialCard, type StartTrialCardProps } from './components/start-trial-card';
export { StripeAddOnCard, type StripeAddOnCardProps } from './components/stripe-add-on-card';

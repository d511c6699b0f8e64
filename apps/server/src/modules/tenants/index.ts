export { tenantsRoutes } from './tenants.routes';
export {
  addMember,
  authorizeOperator,
  authorizeTenant,
  createTenant,
  findAllCustomersTenant,
  findDemoTenant,
  findOrCreateWorkspaceForUser,
  findTenantRow,
  findTenantsByIdOrName,
  getWorkspaceOrThrow,
  isSpecialTenantDomain,
  listVisibleTenants,
  toSummary,
  updateStoreSettings,
} from './tenants.service';
export type { TenantRow } from './tenants.repository';
export { hasLiveInvitation, joinInvitedWorkspaces, requireOwner, roleInWorkspace } from './members.service';
export { mailDomainKind, type MailDomainKind } from './mail-domains';

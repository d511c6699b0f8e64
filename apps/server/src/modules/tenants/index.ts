export { tenantsRoutes } from './tenants.routes';
export {
  addMember,
  authorizeOperator,
  authorizeTenant,
  createTenant,
  findAllCustomersTenant,
  findDemoTenant,
  findOrCreateWorkspaceForDomain,
  findTenantRow,
  getWorkspaceOrThrow,
  isSpecialTenantDomain,
  listVisibleTenants,
  toSummary,
  updateStoreSettings,
} from './tenants.service';
export type { TenantRow } from './tenants.repository';

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
  isSpecialTenantDomain,
  listVisibleTenants,
  toSummary,
} from './tenants.service';
export type { TenantRow } from './tenants.repository';

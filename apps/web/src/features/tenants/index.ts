export { CustomerPicker, customerLabel, orderCustomers } from './components/customer-picker';
export { useTenantInfo, tenantInfoQueryOptions, getTenantInfo } from './api/get-tenant-info';

import { CustomerPicker } from '@/features/tenants';

export function Component() {
  return <CustomerPicker />;
}

import { LoggedInAsPage } from '@/features/auth';

export function Component() {
  return <LoggedInAsPage />;
}

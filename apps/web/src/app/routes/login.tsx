import { AuthPage } from '@/features/auth';

export function Component() {
  return <AuthPage mode="login" />;
}

import { SettingsPage } from '@/features/settings';

export function Component() {
  return <SettingsPage />;
}

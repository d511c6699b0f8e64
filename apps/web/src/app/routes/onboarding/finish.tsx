import { OnboardingFinish } from '@/features/metrics';

export function Component() {
  return <OnboardingFinish />;
}

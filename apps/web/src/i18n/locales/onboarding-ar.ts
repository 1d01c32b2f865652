// Arabic strings of the onboarding screens: the same keys as ./onboarding-en.ts (a missing key is a compile error).
import type { Translation } from './en';
import type { OnboardingResources } from './onboarding-en';

export const onboardingAr: Translation<OnboardingResources> = {
  title: 'التحقق',
};

// English strings of the onboarding screens (the 'onboarding' namespace, registered when the area loads).
export const onboardingEn = {
  title: 'Onboarding',
};

export type OnboardingResources = typeof onboardingEn;

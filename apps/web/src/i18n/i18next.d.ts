// Typed translation keys: a key missing from the English resources is a compile error.
import 'i18next';
import type { MESSAGES, MESSAGE_TEMPLATES } from '@qist/domain';
import type { CommonResources } from './locales/en';
import type { BackofficeResources } from './locales/backoffice-en';
import type { DashboardsResources } from './locales/dashboards-en';
import type { OnboardingResources } from './locales/onboarding-en';
import type { OrdersResources } from './locales/orders-en';
import type { PublicResources } from './locales/public-en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: CommonResources;
      messages: typeof MESSAGES & Record<keyof typeof MESSAGE_TEMPLATES, string>;
      /** The public pages' strings (landing, about, contact, FAQ, terms, profile, pre-registration). */
      public: PublicResources;
      /** The SME and supplier onboarding screens (verification, profile). */
      onboarding: OnboardingResources;
      /** The admin, bank and insurance panels. */
      backoffice: BackofficeResources;
      /** Suppliers, orders and payments (the SME area, the link pages and the sandbox gateway). */
      orders: OrdersResources;
      /** The five roles' dashboards. */
      dashboards: DashboardsResources;
    };
  }
}

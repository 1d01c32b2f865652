// Typed translation keys: a key missing from the English resources is a compile error.
import 'i18next';
import type { MESSAGES } from '@qist/domain';
import type { CommonResources } from './locales/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: CommonResources;
      messages: typeof MESSAGES;
    };
  }
}

// Arabic strings of the backoffice screens: the same keys as ./backoffice-en.ts (a missing key is a compile error).
import type { Translation } from './en';
import type { BackofficeResources } from './backoffice-en';

export const backofficeAr: Translation<BackofficeResources> = {
  title: 'لوحة الإدارة',
};

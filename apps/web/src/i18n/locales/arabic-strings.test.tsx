// The Arabic strings write numbers as every panel does (Latin digits, as formatAmount and the dates
// do), so a page never mixes two digit systems, marketing pages included.
import { describe, expect, it } from 'vitest';
import { ar } from './ar';
import { backofficeAr } from './backoffice-ar';
import { dashboardsAr } from './dashboards-ar';
import { arMessages } from './messages-ar';
import { onboardingAr } from './onboarding-ar';
import { ordersAr } from './orders-ar';
import { publicAr } from './public-ar';

const ARABIC_INDIC = /[\u0660-\u0669\u066A\u06F0-\u06F9]/;

/** Every string of a resource tree, with its key path. */
function strings(tree: unknown, path = ''): [string, string][] {
  if (typeof tree === 'string') return [[path, tree]];
  if (tree && typeof tree === 'object') return Object.entries(tree).flatMap(([key, value]) => strings(value, path ? `${path}.${key}` : key));
  return [];
}

const NAMESPACES = { common: ar, backoffice: backofficeAr, dashboards: dashboardsAr, messages: arMessages, onboarding: onboardingAr, orders: ordersAr, public: publicAr };

describe('the Arabic strings', () => {
  it.each(Object.entries(NAMESPACES))('of %s use Latin digits only', (_, resources) => {
    const all = strings(resources);
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter(([, text]) => ARABIC_INDIC.test(text)).map(([key]) => key)).toEqual([]);
  });

  it('read numbers the way the panels write them', () => {
    expect(strings(publicAr).find(([key]) => key.endsWith('highlights.interest.value'))?.[1]).toBe('0%');
  });
});

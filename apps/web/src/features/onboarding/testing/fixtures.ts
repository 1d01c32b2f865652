// Test data of the onboarding screens: the shared party fixtures, logs, and the stub routes an SME or
// supplier area calls on every page.
import type { PartyDocument, ProviderProfile, SmeProfile, VerificationLog } from '@qist/domain';
import { CATEGORIES, profileOf } from '@/components/party/test-fixtures';
import { meContent, ok, type FakeAnswer, type FakeRoutes } from '@/testing/render-app';
import type { PartyRole } from '../api/keys';

export { CATEGORIES, doc, profileOf, providerProfile, smeProfile } from '@/components/party/test-fixtures';

export const LOGS: VerificationLog[] = [
  { _id: 'log-1', createdAt: '2025-01-01T09:00:00.000Z', desc: 'account created', level: 0, operator: { role: 'sme' } },
  { _id: 'log-2', createdAt: '2025-01-01T09:05:00.000Z', desc: 'email verified', level: 1, operator: { role: 'sme' } },
];

export function profileAnswer(role: PartyRole, profile: SmeProfile | ProviderProfile): FakeAnswer {
  return ok(role === 'sme' ? { sme: profile } : { provider: profile });
}

/**
 * The calls of an area page at `level` (me, profile, logs, documents, categories); `profile` may be a
 * function so a test can change the level after a step.
 */
export function areaRoutes(
  role: PartyRole,
  level: number,
  { profile, docs = [] }: { profile?: () => SmeProfile | ProviderProfile; docs?: PartyDocument[] } = {},
): FakeRoutes {
  const current = profile ?? (() => profileOf(role, level));
  return {
    'GET /api/v1/auth/me': ok(meContent(role, level)),
    [`GET /api/v1/${role}/profile/get`]: () => profileAnswer(role, current()),
    [`GET /api/v1/${role}/log/list`]: ok({ logs: LOGS }),
    [`GET /api/v1/${role}/doc/list`]: ok({ docs }),
    [`GET /api/v1/${role}/categories/list`]: ok({ categories: CATEGORIES }),
  };
}

// Which back-office role may decide what, at which level (part 2 §4, DESIGN.md §4 "Levels").
import { PROVIDER_LEVEL, SME_LEVEL, type BackOfficeRole } from '@qist/domain';
import { paths } from '@/config/paths';

/** The SME decision a role can take at a level, or null when it has none to take. */
export type SmeDecision = 'review' | 'insurance' | 'installments';

export function smeDecisionFor(role: BackOfficeRole, level: number): SmeDecision | null {
  if (role === 'admin' && level === SME_LEVEL.docsUploaded) return 'review';
  if (role === 'bank' && level === SME_LEVEL.adminVerified) return 'review';
  if (role === 'insurance' && level === SME_LEVEL.bankVerified) return 'insurance';
  if (role === 'admin' && level === SME_LEVEL.insuranceVerified) return 'installments';
  return null;
}

/** Only the admin decides on suppliers, at level 4. */
export function canDecideOnSupplier(level: number): boolean {
  return level === PROVIDER_LEVEL.docsUploaded;
}

/** The levels an SME list can be filtered by, in the order of the journey then the rejections. */
export const SME_LEVELS: readonly number[] = Object.values(SME_LEVEL);
export const PROVIDER_LEVELS: readonly number[] = Object.values(PROVIDER_LEVEL);

/** The SME pages of each area. */
export function smePaths(role: BackOfficeRole) {
  const area = paths[role];
  return {
    list: area.smes.getHref(),
    info: (id: string) => area.smeInfo.getHref(id),
    documents: (id: string) => area.smeDocuments.getHref(id),
    /** Only the admin sees the verification timeline. */
    timeline: role === 'admin' ? (id: string) => paths.admin.smeTimeline.getHref(id) : null,
  };
}

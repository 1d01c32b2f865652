// The back-office areas' level lists and SME pages. Who decides at which level is the domain's
// (smeDecisionFor, canDecideOnProvider), re-exported here for the panels.
import { PROVIDER_LEVEL, PROVIDER_REVIEW, SME_LEVEL, SME_REVIEW, type BackOfficeRole } from '@qist/domain';
export { canDecideOnProvider as canDecideOnSupplier, smeDecisionFor, type SmeDecision } from '@qist/domain';
import { paths } from '@/config/paths';

/** The levels an SME list can be filtered by, in the order of the journey then the rejections. */
export const SME_LEVELS: readonly number[] = Object.values(SME_LEVEL);
export const PROVIDER_LEVELS: readonly number[] = Object.values(PROVIDER_LEVEL);

/** The level each role's SME list opens on: the step where that role decides (its queue). */
export function smeQueueLevel(role: BackOfficeRole): number {
  return SME_REVIEW[role].at;
}

/** The admin's supplier list opens on the suppliers waiting for its review. */
export const SUPPLIER_QUEUE_LEVEL: number = PROVIDER_REVIEW.at;

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

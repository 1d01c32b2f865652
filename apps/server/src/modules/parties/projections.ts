// The API shapes of SMEs and suppliers, made from their rows in one place: the profile (the party's
// own page and every back-office show), the back-office list items, documents and the timeline.
// Every role that shows a party shows the same thing, because it is built here once.
import {
  MESSAGES,
  basisPointsToFraction,
  fromMinorUnits,
  type PartyDocument,
  type ProviderListItem,
  type ProviderProfile,
  type SmeListItem,
  type SmeProfile,
  type VerificationLog,
} from '@qist/domain';
import type { Executor } from '../../db/transaction.js';
import { notFound } from '../../errors.js';
import { signLink } from '../../lib/signed-links.js';
import * as repo from './repository.js';

/** What signing a document's link takes: the secret and the clock (a link expires). */
export interface DocumentLinks {
  secret: string;
  now: () => Date;
  /** The account the links are made for, when its opening them is recorded (the back office). */
  reader?: string;
}

function iso(date: Date): string {
  return date.toISOString();
}

function phoneOf(code: string | null, number: string | null) {
  return code && number ? { country_code: code, number } : null;
}

/** The spec's public path of a party document; served only to those allowed, or with a signature. */
export function documentPath(kind: repo.PartyKind, fileName: string): string {
  return `/api/v1/pub/${kind}/doc/file/${fileName}`;
}

export function toPartyDocument(kind: repo.PartyKind, row: repo.DocumentRow, links: DocumentLinks): PartyDocument {
  return {
    _id: row.id,
    title: row.title,
    file: row.fileName,
    description: row.description,
    mime: row.mime,
    size: row.size,
    createdAt: iso(row.createdAt),
    url: signLink(documentPath(kind, row.fileName), links.secret, links.now().getTime(), undefined, links.reader),
  };
}

export function toVerificationLog(row: repo.VerificationLogRow): VerificationLog {
  return {
    _id: row.id,
    createdAt: iso(row.createdAt),
    desc: row.desc,
    code: row.code,
    params: row.params,
    level: row.level,
    operator: { role: row.operatorRole },
  };
}

export function toSmeListItem(row: repo.SmeRow, email: string): SmeListItem {
  return {
    _id: row.id,
    level: row.level,
    auth_id: { email },
    info: { firstname: row.firstName, lastname: row.lastName, phone: phoneOf(row.phoneCountryCode, row.phoneNumber) },
    desc: { title: row.companyTitle },
    credit: {
      request: fromMinorUnits(row.creditRequest),
      limit: fromMinorUnits(row.creditLimit),
      amount: fromMinorUnits(row.creditAmount),
      spend: fromMinorUnits(row.creditSpend),
    },
    createdAt: iso(row.createdAt),
  };
}

export function toProviderListItem(row: repo.ProviderRow, email: string): ProviderListItem {
  return {
    _id: row.id,
    level: row.level,
    auth_id: { email },
    info: { firstname: row.firstName, lastname: row.lastName, phone: phoneOf(row.phoneCountryCode, row.phoneNumber) },
    desc: { title: row.companyTitle },
    tax_rate: row.taxRate === null ? null : basisPointsToFraction(row.taxRate),
    createdAt: iso(row.createdAt),
  };
}

function commonProfile(kind: repo.PartyKind, party: repo.PartyRow, parts: repo.ProfileParts, links: DocumentLinks) {
  return {
    _id: party.id,
    level: party.level,
    auth_id: { email: parts.email ?? '' },
    info: {
      firstname: party.firstName,
      lastname: party.lastName,
      phone: phoneOf(party.phoneCountryCode, party.phoneNumber),
      phone2: phoneOf(party.phone2CountryCode, party.phone2Number),
      email2: party.email2,
      address: party.address,
      address2: party.address2,
      instagram: party.instagram,
    },
    desc: { title: party.companyTitle, text: party.companyDesc },
    categories: parts.categories,
    docs: parts.docs.map((d) => toPartyDocument(kind, d, links)),
    adminVerified: party.adminVerified,
    bankVerified: party.bankVerified,
    createdAt: iso(party.createdAt),
    updatedAt: iso(party.updatedAt),
  };
}

export function toSmeProfile(sme: repo.SmeRow, parts: repo.ProfileParts, links: DocumentLinks): SmeProfile {
  return {
    ...commonProfile('sme', sme, parts, links),
    credit: {
      request: fromMinorUnits(sme.creditRequest),
      limit: fromMinorUnits(sme.creditLimit),
      amount: fromMinorUnits(sme.creditAmount),
      spend: fromMinorUnits(sme.creditSpend),
    },
    installments: sme.installmentPlan.map(basisPointsToFraction),
  };
}

export function toProviderProfile(provider: repo.ProviderRow, parts: repo.ProfileParts, links: DocumentLinks): ProviderProfile {
  const common = commonProfile('provider', provider, parts, links);
  return {
    ...common,
    info: { ...common.info, website: provider.website, companyVAT: provider.companyVat },
    tax_rate: provider.taxRate === null ? null : basisPointsToFraction(provider.taxRate),
  };
}

/** The SME profile of an account; `row`: the SME's row, when the caller has just read it. */
export async function loadSmeProfile(db: Executor, links: DocumentLinks, userId: string, row?: repo.SmeRow): Promise<SmeProfile> {
  const sme = row ?? (await repo.findSmeByUser(db, userId));
  if (!sme) throw notFound(MESSAGES.notFound);
  return toSmeProfile(sme, await repo.findProfileParts(db, sme.userId), links);
}

/** The supplier profile of an account; `row`: the supplier's row, when the caller has just read it. */
export async function loadProviderProfile(
  db: Executor,
  links: DocumentLinks,
  userId: string,
  row?: repo.ProviderRow,
): Promise<ProviderProfile> {
  const provider = row ?? (await repo.findProviderByUser(db, userId));
  if (!provider) throw notFound(MESSAGES.notFound);
  return toProviderProfile(provider, await repo.findProfileParts(db, provider.userId), links);
}

/** A party's verification timeline, oldest first. */
export async function loadVerificationLogs(db: Executor, userId: string): Promise<VerificationLog[]> {
  return (await repo.listLogs(db, userId)).map(toVerificationLog);
}

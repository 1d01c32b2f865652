// Verification levels of SMEs and suppliers (part 1 §4) and what each party may see at a level.

export const SME_LEVEL = {
  registered: 0,
  emailVerified: 1,
  phoneVerified: 2,
  infoAdded: 3,
  docsUploaded: 4,
  adminVerified: 5,
  bankVerified: 6,
  insuranceVerified: 7,
  adminActivated: 8,
  fullRejected: -1,
  conditionalRejected: -2,
  allInsuranceRejected: -6,
} as const;
export type SmeLevel = (typeof SME_LEVEL)[keyof typeof SME_LEVEL];

export const PROVIDER_LEVEL = {
  registered: 0,
  emailVerified: 1,
  phoneVerified: 2,
  infoAdded: 3,
  docsUploaded: 4,
  adminVerified: 5,
  fullRejected: -1,
  conditionalRejected: -2,
} as const;
export type ProviderLevel = (typeof PROVIDER_LEVEL)[keyof typeof PROVIDER_LEVEL];

export const LEVEL_NAMES: Record<number, string> = {
  0: 'Registered',
  1: 'Email Verified',
  2: 'Phone Verified',
  3: 'Info Added',
  4: 'Docs Uploaded',
  5: 'Admin Verified',
  6: 'Bank Verified',
  7: 'Insurance Verified',
  8: 'Admin Activated',
  [-1]: 'Full Rejected',
  [-2]: 'Conditional Rejected',
  [-6]: 'All Insurance Rejected',
};

/** The 'all' value of level and status filters. */
export const ALL_FILTER = -10;

/** An SME has the full area (dashboard, suppliers, orders) once activated by the admin. */
export function isSmeActive(level: number): boolean {
  return level === SME_LEVEL.adminActivated;
}

/** A supplier has its full area (dashboard, orders) once verified by the admin. */
export function isProviderActive(level: number): boolean {
  return level === PROVIDER_LEVEL.adminVerified;
}

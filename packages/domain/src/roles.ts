// The five roles of the platform and who may sign up by themselves.
export const ROLES = ['sme', 'provider', 'admin', 'bank', 'insurance'] as const;
export type Role = (typeof ROLES)[number];

/** Only SMEs and suppliers register themselves, each with its role's sign-up code. */
export const SELF_REGISTER_ROLES = ['sme', 'provider'] as const;
export type SelfRegisterRole = (typeof SELF_REGISTER_ROLES)[number];

/** Roles whose accounts are created by the operator (CLI or demo seed). */
export const BACK_OFFICE_ROLES = ['admin', 'bank', 'insurance'] as const;
export type BackOfficeRole = (typeof BACK_OFFICE_ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isSelfRegisterRole(value: unknown): value is SelfRegisterRole {
  return typeof value === 'string' && (SELF_REGISTER_ROLES as readonly string[]).includes(value);
}

/** Title of the role's panel, as shown in '{title} Panel'. */
export const ROLE_TITLES: Record<Role, string> = {
  sme: 'SME',
  provider: 'Supplier',
  admin: 'Admin',
  bank: 'Bank',
  insurance: 'Insurance',
};

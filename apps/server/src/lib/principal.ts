// Who is calling: the signed-in account a request acts for. Shared by the access plugin and every
// module, so none of them has to reach into the auth module for it.
import type { Role } from '@qist/domain';

export interface Principal {
  sessionId: string;
  userId: string;
  email: string;
  role: Role;
  name: string;
  insuranceCompanyId: string | null;
  /**
   * The role needs two-step sign-in (MFA_REQUIRED_ROLES) and the account has not set it up: the
   * session reaches only what it takes to set it up (plugins/access.ts).
   */
  mfaSetupRequired: boolean;
}

/** Turns a bearer token into its principal, or null when the token is bad, expired or revoked. */
export interface Authenticator {
  authenticate(token: string): Promise<Principal | null>;
}

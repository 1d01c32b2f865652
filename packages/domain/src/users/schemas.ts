// Back-office users (DESIGN §8): the admin's list, invitations, disabling and enabling.
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { BACK_OFFICE_ROLES } from '../roles.js';
import { okEnvelope } from '../schemas/envelope.js';
import { emailField } from '../schemas/auth.js';
import { text } from '../schemas/fields.js';

/** An invitation link works for 24 hours. */
export const INVITE_TTL_HOURS = 24;

export const backOfficeUser = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(BACK_OFFICE_ROLES),
  /** The insurance company an insurance user acts for; null for other roles. */
  company: z.string().nullable(),
  /** Two-step sign-in is on. */
  mfa: z.boolean(),
  /** Can sign in. An invited user is inactive until the invitation's password is set. */
  active: z.boolean(),
  /** Invited and the invitation's password not set yet. */
  pending: z.boolean(),
  lastSignInAt: z.string().nullable(),
});
export type BackOfficeUser = z.infer<typeof backOfficeUser>;

export const userListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(50),
});
export type UserListQuery = z.infer<typeof userListQuery>;
export const userListResponse = okEnvelope(z.object({ users: z.array(backOfficeUser), count: z.number().int() }));

const companyField = text().trim().max(200);

/** POST /api/v1/admin/user/invite: an insurance user needs its company. */
export const inviteUserRequest = z
  .object({
    email: emailField,
    role: z.enum(BACK_OFFICE_ROLES, { error: MESSAGES.roleRequired }),
    company: companyField.optional(),
  })
  .refine((input) => input.role !== 'insurance' || (input.company ?? '').length > 0, {
    message: MESSAGES.companyRequiredForInsurance,
    path: ['company'],
  });
export type InviteUserRequest = z.infer<typeof inviteUserRequest>;
export const userResponse = okEnvelope(z.object({ user: backOfficeUser }));

export const userIdRequest = z.object({ userId: z.string({ error: MESSAGES.notFound }).uuid({ error: MESSAGES.notFound }) });
export type UserIdRequest = z.infer<typeof userIdRequest>;

// Back-office accounts (admin, bank, insurance) are created by the operator, never by sign-up.
// An insurance account acts for a company; a new company joins the end of the priority order.
import { eq, max } from 'drizzle-orm';
import { z } from 'zod';
import { BACK_OFFICE_ROLES, emailField, passwordField } from '@qist/domain';
import { withTransaction, type Db, type Executor } from '../../db/transaction.js';
import { insuranceCompanies } from '../../db/schema/index.js';
import { badRequest, conflict, isUniqueViolation } from '../../errors.js';
import { weakPasswordMessage } from '../../lib/password-policy.js';
import { hashPassword } from '../../lib/passwords.js';
import { findUserByEmail, insertUser } from './repository.js';

export const backOfficeAccountInput = z
  .object({
    role: z.enum(BACK_OFFICE_ROLES, { error: `role must be one of ${BACK_OFFICE_ROLES.join(', ')}` }),
    email: emailField,
    password: passwordField,
    company: z.string().trim().min(1).max(200).optional(),
    name: z.string().trim().min(1).max(200).optional(),
  })
  .refine((input) => input.role !== 'insurance' || input.company, {
    message: 'company is required for an insurance account',
    path: ['company'],
  });
export type BackOfficeAccountInput = z.input<typeof backOfficeAccountInput>;

/** The id of the insurance company of that name; a new company joins the end of the priority order. */
export async function insuranceCompanyIdOf(tx: Executor, company: string): Promise<string> {
  const [existing] = await tx.select({ id: insuranceCompanies.id }).from(insuranceCompanies).where(eq(insuranceCompanies.name, company));
  if (existing) return existing.id;
  const [last] = await tx.select({ priority: max(insuranceCompanies.priority) }).from(insuranceCompanies);
  const [created] = await tx
    .insert(insuranceCompanies)
    .values({ name: company, priority: (last?.priority ?? 0) + 1 })
    .returning({ id: insuranceCompanies.id });
  if (!created) throw new Error('insert into insurance_companies returned nothing');
  return created.id;
}

export async function createBackOfficeAccount(
  db: Db,
  raw: BackOfficeAccountInput,
): Promise<{ id: string; email: string; insuranceCompanyId: string | null }> {
  const parsed = backOfficeAccountInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`${issue?.path.join('.') || 'input'}: ${issue?.message}`);
  }
  const input = parsed.data;
  const weak = weakPasswordMessage(input.password);
  if (weak) throw badRequest(`password: ${weak}`);
  if (await findUserByEmail(db, input.email)) throw conflict(`an account with ${input.email} already exists`);
  const passwordHash = await hashPassword(input.password);
  try {
    return await withTransaction(db, async (tx) => {
      const insuranceCompanyId = input.role === 'insurance' && input.company ? await insuranceCompanyIdOf(tx, input.company) : null;
      const user = await insertUser(tx, {
        email: input.email,
        passwordHash,
        role: input.role,
        name: input.name ?? input.company ?? input.role,
        insuranceCompanyId,
      });
      return { id: user.id, email: input.email.toLowerCase(), insuranceCompanyId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`an account with ${input.email} already exists`);
    throw error;
  }
}

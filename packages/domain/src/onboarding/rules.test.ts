import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { canEditDocuments, currentStep, firstMissingDocument, isDocumentTitle, rejectionMessage, stepRefusal } from './rules.js';

describe('onboarding steps by level', () => {
  it('allows each step only from its own level', () => {
    expect(stepRefusal('sme', 0, 'email')).toBeNull();
    expect(stepRefusal('sme', 1, 'phone')).toBeNull();
    expect(stepRefusal('provider', 2, 'info')).toBeNull();
    expect(stepRefusal('provider', 3, 'documents')).toBeNull();
  });

  it('names the step to do first, or says the step is done', () => {
    expect(stepRefusal('sme', 0, 'phone')).toBe(MESSAGES.verifyEmailFirst);
    expect(stepRefusal('sme', 1, 'info')).toBe(MESSAGES.verifyPhoneFirst);
    expect(stepRefusal('sme', 2, 'documents')).toBe(MESSAGES.addInformationFirst);
    expect(stepRefusal('sme', 1, 'email')).toBe(MESSAGES.emailAlreadyVerified);
    expect(stepRefusal('provider', 5, 'documents')).toBe(MESSAGES.documentsAlreadyConfirmed);
  });

  it('sends a conditionally rejected party back to its information, and stops banned ones', () => {
    expect(stepRefusal('sme', -2, 'info')).toBeNull();
    expect(stepRefusal('sme', -2, 'documents')).toBe(MESSAGES.editInformationFirst);
    expect(stepRefusal('provider', -1, 'info')).toBe(MESSAGES.banned);
    expect(stepRefusal('sme', -6, 'info')).toBe(MESSAGES.rejectedByInsurances);
  });

  it('shows the stepper step of a level', () => {
    expect([0, 1, 2, 3, 4, -2, -1].map(currentStep)).toEqual([0, 1, 2, 3, null, 2, null]);
    expect([3, -2, 2, 4].map(canEditDocuments)).toEqual([true, true, false, false]);
    expect(rejectionMessage(-2)).toBe(MESSAGES.downgraded);
    expect(rejectionMessage(5)).toBeNull();
  });
});

describe('document titles', () => {
  it("offers each role its own list", () => {
    expect(isDocumentTitle('sme', 'Bank certified SME business account IBAN')).toBe(true);
    expect(isDocumentTitle('provider', 'Bank certified SME business account IBAN')).toBe(false);
    expect(isDocumentTitle('provider', 'Bank statement (most recent year)')).toBe(true);
  });

  it('names the first missing required title in list order', () => {
    expect(firstMissingDocument('sme', [])).toBe('Article of association');
    expect(firstMissingDocument('sme', ['Article of association', 'ID of shareholders'])).toBe('CR license');
    expect(
      firstMissingDocument('provider', ['Article of association', 'CR license', 'ID of shareholders', 'Comprehensive financial statement (past two years)']),
    ).toBeUndefined();
    // An optional title does not stand in for a required one.
    expect(firstMissingDocument('sme', ['Bank statement (most recent year)'])).toBe('Article of association');
  });
});

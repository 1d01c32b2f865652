import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import {
  documentUploadRefusal,
  normalizeNumberText,
  phoneCodeForm,
  smeInfoForm,
  toPhoneValidateRequest,
  toSmeInfoRequest,
} from './forms.js';
import { smeInfoRequest } from './schemas.js';

const CATEGORY = '8d7a2c3e-1f4b-4c5d-9e6f-0a1b2c3d4e01';
const filled = {
  firstname: 'Sara',
  lastname: 'Al-Sabah',
  companyTile: 'Sara Trading',
  companyDesc: 'Office supplies',
  address: 'Kuwait City',
  categoriesSelected: [CATEGORY],
  instagram: '',
  email2: '',
  address2: '',
  phone2: { phone: '', countryCode: '965' },
};

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('onboarding forms', () => {
  it('reads Arabic-Indic digits and grouped amounts', () => {
    expect(normalizeNumberText('١٢٬٥٠٠٫٥')).toBe('12500.5');
    expect(normalizeNumberText(' 15,000 ')).toBe('15000');
  });

  it("turns the SME form into exactly the API payload, the credit as a number", () => {
    const form = smeInfoForm.parse({ ...filled, requestCredit: '15,000.50' });
    const request = toSmeInfoRequest(form);
    expect(request).toEqual({ ...filled, instagram: undefined, email2: undefined, address2: undefined, phone2: undefined, requestCredit: 15000.5 });
    expect(smeInfoRequest.safeParse(request).success).toBe(true);
  });

  it("checks the requested credit with the spec's messages", () => {
    expect(messagesOf(smeInfoForm.safeParse({ ...filled, requestCredit: '' }))).toEqual([MESSAGES.requestCreditRequired]);
    expect(messagesOf(smeInfoForm.safeParse({ ...filled, requestCredit: 'abc' }))).toEqual([MESSAGES.requestCreditRequired]);
    expect(messagesOf(smeInfoForm.safeParse({ ...filled, requestCredit: '0' }))).toEqual([MESSAGES.requestCreditPositive]);
    expect(messagesOf(smeInfoForm.safeParse({ ...filled, requestCredit: '-5' }))).toEqual([MESSAGES.requestCreditPositive]);
  });

  it('needs 4 digits from an SME and any digits from a supplier, sent as a number', () => {
    expect(messagesOf(phoneCodeForm('sme').safeParse({ otp: '123' }))).toEqual([MESSAGES.otpLength]);
    expect(toPhoneValidateRequest(phoneCodeForm('sme').parse({ otp: '٠١٢٣' }))).toEqual({ otp: 123 });
    expect(toPhoneValidateRequest(phoneCodeForm('provider').parse({ otp: '12' }))).toEqual({ otp: 12 });
  });

  it("refuses an upload without a file or title, with each role's title message", () => {
    expect(documentUploadRefusal('sme', null, null)).toEqual({ title: MESSAGES.selectFileTitle, file: MESSAGES.selectFile });
    expect(documentUploadRefusal('provider', '', null)).toEqual({ title: MESSAGES.fillFileTitle, file: MESSAGES.selectFile });
    expect(documentUploadRefusal('provider', 'Bank certified SME business account IBAN', { size: 1, type: 'application/pdf' })).toEqual({
      title: MESSAGES.fileTitleUnknown,
    });
    expect(documentUploadRefusal('sme', 'CR license', { size: 1, type: 'text/plain' })).toEqual({ file: MESSAGES.fileTypeRefused });
    expect(documentUploadRefusal('sme', 'CR license', { size: 11 * 1024 * 1024, type: 'image/png' })).toEqual({ file: MESSAGES.fileTooLarge });
    expect(documentUploadRefusal('sme', 'CR license', { size: 10, type: 'image/webp' })).toEqual({});
  });
});

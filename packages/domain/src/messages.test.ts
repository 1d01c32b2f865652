import { describe, expect, it } from 'vitest';
import { MESSAGES, messageKeyOf } from './messages.js';
import { isSmeActive, isProviderActive, SME_LEVEL, PROVIDER_LEVEL } from './levels.js';
import { isRole, isSelfRegisterRole } from './roles.js';

describe('messages, roles and levels', () => {
  it('finds the key of a known sentence and nothing for others', () => {
    expect(messageKeyOf('admin verification code is wrong.')).toBe('codeWrong');
    expect(messageKeyOf(MESSAGES.logoutConfirm)).toBe('logoutConfirm');
    expect(messageKeyOf('something else')).toBeUndefined();
  });

  it('keeps every sentence distinct, so a sentence maps back to one key', () => {
    const texts = Object.values(MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('fixes the typo of the original sign-in message', () => {
    expect(MESSAGES.passwordRequired).toBe('enter your password');
  });

  it('tells roles and activation levels apart', () => {
    expect(isRole('insurance')).toBe(true);
    expect(isRole('root')).toBe(false);
    expect(isSelfRegisterRole('provider')).toBe(true);
    expect(isSelfRegisterRole('admin')).toBe(false);
    expect(isSmeActive(SME_LEVEL.adminActivated)).toBe(true);
    expect(isSmeActive(SME_LEVEL.insuranceVerified)).toBe(false);
    expect(isProviderActive(PROVIDER_LEVEL.adminVerified)).toBe(true);
    expect(isProviderActive(PROVIDER_LEVEL.docsUploaded)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { passwordWeakness } from '../../src/lib/password-policy.js';

describe('passwordWeakness', () => {
  it('refuses the examples of the security review, each for its reason', () => {
    expect(passwordWeakness('password')).toBe('common');
    expect(passwordWeakness('12345678')).toBe('common');
    expect(passwordWeakness('qwertyui')).toBe('common');
    expect(passwordWeakness('aaaaaaaa')).toBe('repetitive');
  });

  it('finds common passwords whatever their letter case', () => {
    for (const password of ['PASSWORD', 'Password', 'password123', 'iloveyou1', 'P@ssw0rd', 'jennifer', 'qwerty123', '1q2w3e4r']) {
      expect(passwordWeakness(password), password).toBe('common');
    }
  });

  it('refuses one character, or a unit, repeated', () => {
    for (const password of ['zzzzzzzzzz', '########', 'AaAaAaAa', 'abcabcab', '12121212', 'xy1xy1xy1', 'qist-qist-']) {
      expect(passwordWeakness(password), password).toBe('repetitive');
    }
  });

  it('refuses straight alphabet, digit and keyboard sequences, either way', () => {
    for (const password of ['abcdefgh', 'HGFEDCBA', 'mnopqrstu', '87654321', '78901234', 'poiuytrewq', 'lkjhgfdsa', 'qsdfghjklm', 'ertzuiop']) {
      expect(passwordWeakness(password), password).toBe('repetitive');
    }
  });

  it('accepts passwords that are neither common nor trivial, including those of the demo and the tests', () => {
    for (const password of ['correct-horse-battery', 'demo12345', 'long-enough-pass', 'Qist-2024-kuwait', 'abcdefgh1!', 'mango tea at nine']) {
      expect(passwordWeakness(password), password).toBeNull();
    }
  });
});

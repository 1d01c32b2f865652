// Refuses passwords that an attacker tries first: the most common ones from breaches, and the
// trivially repetitive or sequential ones. The length rule stays in the domain schemas.
import { dictionary } from '@zxcvbn-ts/language-common';
import { MESSAGES } from '@qist/domain';

export type PasswordWeakness = 'common' | 'repetitive';

// zxcvbn-ts' list of the passwords most seen in breaches (about 49,000, lower case), bundled with
// the package: no network. Read once, when the module loads.
const COMMON = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

// Straight runs a password may be cut from, read either way. The digits repeat so that a run
// may wrap (7890123); the keyboard rows are those of QWERTY, AZERTY and QWERTZ.
const SEQUENCES = [
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890123456789',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'azertyuiop',
  'qsdfghjklm',
  'wxcvbn',
  'qwertzuiop',
  'yxcvbnm',
].flatMap((run) => [run, [...run].reverse().join('')]);

/** Made of one unit repeated at least twice in full ('aaaaaaaa', '12121212', 'abcabcab'). */
function isRepeated(password: string): boolean {
  const chars = [...password];
  for (let unit = 1; unit * 2 <= chars.length; unit += 1) {
    if (chars.every((char, i) => i < unit || char === chars[i - unit])) return true;
  }
  return false;
}

/** A straight alphabet, digit or keyboard-row run ('abcdefgh', '87654321', 'qwertyui'). */
function isSequence(password: string): boolean {
  return password.length >= 3 && SEQUENCES.some((run) => run.includes(password));
}

/**
 * Why a password is too weak to accept, or null. 'common': among the passwords most seen in
 * breaches (case-insensitive); 'repetitive': one character or a unit repeated ('abcabcab',
 * '12121212'), or a straight alphabet, digit or keyboard-row sequence ('abcdefgh', '87654321').
 */
export function passwordWeakness(password: string): PasswordWeakness | null {
  const lower = password.toLowerCase();
  if (COMMON.has(lower) || COMMON.has(lower.trim())) return 'common';
  if (isRepeated(lower) || isSequence(lower)) return 'repetitive';
  return null;
}

/** The sentence refusing a weak password, or null for one that may be used. */
export function weakPasswordMessage(password: string): string | null {
  const weakness = passwordWeakness(password);
  if (weakness === 'common') return MESSAGES.passwordTooCommon;
  if (weakness === 'repetitive') return MESSAGES.passwordTooSimple;
  return null;
}

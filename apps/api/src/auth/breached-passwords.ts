import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The common-password list of zxcvbn-ts (about 49 000 passwords from public breach corpora; issue 11 asks
 * for at least 10 000), loaded on first use and compared lower-cased.
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
}

/** The size of the list, for the tests and the documentation. */
export const commonPasswordCount = () => commonPasswords().size;

/** Digits and symbols people put around a common word to meet a length rule ("Football2024!"). */
const DECORATION = /^[\d\W_]+|[\d\W_]+$/g;

/**
 * Whether a password is a common one, or a common one dressed up with digits and symbols around it
 * ("dragon123456", "Football2024!"), or one short piece repeated ("monkeymonkey"). Passphrases of several
 * words are not flagged.
 */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  const lower = password.toLowerCase();
  if (list.has(lower)) return true;
  const core = lower.replace(DECORATION, '');
  if (core.length >= 3 && list.has(core)) return true;
  // Something short said over and over ("monkeymonkey", "abcabcabcabc") is as weak as the thing itself.
  for (let size = 1; size <= core.length / 2; size += 1) {
    if (core.length % size === 0 && core === core.slice(0, size).repeat(core.length / size)) return true;
  }
  return false;
}

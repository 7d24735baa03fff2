/**
 * Passwords too common to accept (ASVS 6.2.4): the list of the package
 * `@zxcvbn-ts/language-common` (MIT; zxcvbn-ts's "passwords-common" dictionary, the ~49,000 most
 * used passwords of public breach corpora in order of frequency), kept up to date with the
 * package. Only its entries of the length we allow are kept (a shorter one is refused anyway):
 * about 18,000. Compared without regard to case ("Password1" is "password1") or to spaces at
 * the ends. Read once, on the server only: the browser's first load does not carry the list
 * (docs/decisions/0037).
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/constants.ts';

const normalise = (password: string) => password.trim().toLowerCase();

let list: Set<string> | null = null;

function commonPasswords(): Set<string> {
  list ??= new Set(
    (dictionary['passwords-common'] as string[])
      .map(normalise)
      .filter((p) => p.length >= PASSWORD_MIN_LENGTH && p.length <= PASSWORD_MAX_LENGTH),
  );
  return list;
}

/** Reads the list now (start-up) rather than on the first sign-up; how many it refuses. */
export const loadCommonPasswords = (): number => commonPasswords().size;

/** True when the password is one of the common ones. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(normalise(password));
}

/** The i18n key of the refusal, for a field's validation message. */
export const COMMON_PASSWORD_MESSAGE = 'validation.commonPassword';

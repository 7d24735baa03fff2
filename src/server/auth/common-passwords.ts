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

/**
 * Words anyone guesses first on this site (ASVS 6.2.11): the product's name and what it is
 * about, in both languages. A password built on one of them with little else ("Camino2026!",
 * "discipulado1") is refused; one where the word is a small part ("mi camino con Cristo cada
 * mañana") is not. At sign-up the member's own names and address are added to the list.
 */
export const CONTEXT_WORDS = [
  'camino',
  'discipleship',
  'discipulado',
  'disciple',
  'discipulo',
  'devotional',
  'devocional',
  'biblestudy',
  'estudiobiblico',
] as const;

/** Lower case, without accents, letters and digits only: "Discípulo 1!" is "discipulo1". */
const bare = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * True when what remains of the password, once every context word (and each of `personal`,
 * e.g. the member's names and the address's local part, when 3 characters or more) is taken
 * out, is shorter than a password may be: the guessable word carries it.
 */
export function isGuessableInContext(password: string, personal: readonly string[] = []): boolean {
  let rest = bare(password);
  const words = [...CONTEXT_WORDS, ...personal.map(bare).filter((w) => w.length >= 3)];
  // Longest first, so "discipulado" goes before "discipulo" could leave "ad".
  for (const word of words.sort((a, b) => b.length - a.length)) rest = rest.split(word).join('');
  return rest !== bare(password) && rest.length < PASSWORD_MIN_LENGTH;
}

/** The i18n key of the refusal of a password built on a guessable word. */
export const CONTEXT_PASSWORD_MESSAGE = 'validation.contextPassword';

import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { creditOf } from '#shared/values/bible.ts';
import { cn } from '../lib/cn.ts';

export const VBL_LICENCE_URL = 'https://creativecommons.org/licenses/by-sa/4.0/';
export const VBL_SOURCE_URL = 'https://ebible.org/spavbl';

/**
 * The same credit as plain text, for words that leave the app (copied to the clipboard, shared):
 * a line to add after the passage, or '' when none of `codes` asks for one.
 */
export function creditText(t: TFunction, codes: readonly (string | null | undefined)[]): string {
  if (!codes.some((code) => creditOf(code ?? undefined) === 'VBL')) return '';
  return `\n${t('translations.vbl.credit')} CC BY-SA 4.0 (${VBL_LICENCE_URL}) · ${VBL_SOURCE_URL}`;
}

/**
 * The line a text's licence asks for wherever its words are shown (issue 39): for the Versión
 * Biblia Libre (CC BY-SA 4.0) its copyright, its licence and its source; nothing for the
 * public-domain texts.
 */
export function TranslationCredit({
  code,
  className,
}: {
  code: string | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  if (creditOf(code ?? undefined) !== 'VBL') return null;
  const link = 'underline underline-offset-2 hover:text-brand-800';
  return (
    <p className={cn('text-xs leading-5 text-slate-600', className)} data-credit="VBL">
      {t('translations.vbl.credit')}{' '}
      <a href={VBL_LICENCE_URL} className={link} target="_blank" rel="noopener noreferrer">
        CC BY-SA 4.0
      </a>
      {' · '}
      <a href={VBL_SOURCE_URL} className={link} target="_blank" rel="noopener noreferrer">
        eBible.org
      </a>
    </p>
  );
}

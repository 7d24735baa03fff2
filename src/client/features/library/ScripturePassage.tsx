import { translationLanguage } from '#shared/values/bible.ts';
import { TranslationCredit } from '../../components/TranslationCredit.tsx';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import type { LibraryScripture } from './api.ts';
import ScriptureActions from './ScriptureActions.tsx';

/**
 * A Scripture block of the library: the verse text from a bundled Bible, its reference and
 * translation, and (for a member) "memorize", "attach to journal" and "save to favorites".
 */
export function ScripturePassage({
  s,
  large,
  actions = true,
  className,
}: {
  s: LibraryScripture;
  large?: boolean;
  actions?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <figure
      className={cn('grid gap-2 border-l-4 border-gold-400 pl-4', className)}
      lang={s.translation ? translationLanguage(s.translation) : undefined}
    >
      <blockquote
        className={cn(
          'font-serif leading-relaxed',
          large ? 'text-xl text-brand-950 sm:text-2xl' : 'text-lg text-slate-800',
        )}
      >
        {s.text ?? (
          <span className="font-sans text-sm text-slate-500">
            {t('library.scripture.textUnavailable')}
          </span>
        )}
      </blockquote>
      <figcaption className="text-sm font-semibold text-brand-800">
        {s.reference}{' '}
        {s.translation ? (
          <span className="font-normal text-slate-500">
            {t('library.scripture.translation', { code: s.translation })}
          </span>
        ) : null}
      </figcaption>
      {actions && s.text ? (
        <ScriptureActions reference={s.reference} translation={s.translation} />
      ) : null}
      <TranslationCredit code={s.translation} />
    </figure>
  );
}

import Languages from 'lucide-react/icons/languages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { lazyWhenOpen } from '../../components/lazyWhenOpen.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { withStrings } from '../../lib/i18n.ts';
import { useLanguage } from '../../lib/language.tsx';
import type { SpanishBibleDialogProps } from './SpanishBibleDialog.tsx';

// The dialog shows John 3:16 through the reader's passage query, whose messages are the
// reader's (`bible`, `study`): fetched with its code, from whatever page opens it.
const SpanishBibleDialog = lazyWhenOpen<SpanishBibleDialogProps>(
  withStrings(['bible', 'study'], () => import('./SpanishBibleDialog.tsx')),
);

/**
 * The invitation, on a Spanish page that shows Scripture (the reader, the dashboard's verse, the
 * daily reading, a lesson), to choose the member's Spanish text (issue 39), until they choose
 * (here or in Preferences): a line drawn with the page (nothing arrives later to push the text
 * down) and a button that opens the two texts side by side. Nothing in English, or once chosen.
 */
export function SpanishBibleChoice({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (language !== 'es' || !user || user.preferences.spanishBibleChosen) return null;
  return (
    <section
      aria-labelledby="spanish-choice"
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-gold-400/60 bg-gold-300/20 px-4 py-3',
        className,
      )}
    >
      <p className="flex min-w-0 grow basis-56 items-start gap-2 text-sm text-brand-950">
        <Languages className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
        <span>
          <strong id="spanish-choice">{t('bible.choice.title')}</strong> {t('bible.choice.short')}
        </span>
      </p>
      <Button size="sm" onClick={() => setOpen(true)}>
        {t('bible.choice.open')}
      </Button>
      <SpanishBibleDialog open={open} onOpenChange={setOpen} />
    </section>
  );
}

import Languages from 'lucide-react/icons/languages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWhenOpen } from '../../components/lazyWhenOpen.tsx';
import { Button } from '../../components/ui/Button.tsx';
import type { SpanishBibleDialogProps } from './SpanishBibleDialog.tsx';

const SpanishBibleDialog = lazyWhenOpen<SpanishBibleDialogProps>(
  () => import('./SpanishBibleDialog.tsx'),
);

/**
 * The reader's invitation, in Spanish, to choose the member's Spanish text (issue 39), until
 * they choose (here or in Preferences): a line drawn with the page (nothing arrives later to
 * push the chapter down) and a button that opens the two texts side by side.
 */
export function SpanishBibleChoice() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby="spanish-choice"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-gold-400/60 bg-gold-300/20 px-4 py-3"
    >
      <p className="flex min-w-0 flex-1 items-start gap-2 text-sm text-brand-950">
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

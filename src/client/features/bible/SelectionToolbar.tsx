import Copy from 'lucide-react/icons/copy';
import { creditText } from '../../components/TranslationCredit.tsx';
import Languages from 'lucide-react/icons/languages';
import Link2 from 'lucide-react/icons/link-2';
import NotebookPen from 'lucide-react/icons/notebook-pen';
import Sparkles from 'lucide-react/icons/sparkles';
import X from 'lucide-react/icons/x';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router.tsx';
import type { Verse } from '#shared/schemas/bible.ts';
import { Button } from '../../components/ui/Button.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { SaveFavoriteButton } from '../library/index.ts';
import { AddMemoryVerseDialog } from '../memory/index.ts';
import { selectionReference } from '../../lib/verse-reference.ts';
import { lazyWhenOpen } from '../../components/lazyWhenOpen.tsx';
import { withStrings } from '../../lib/i18n.ts';
import type { CrossReferencesDialogProps } from './CrossReferencesDialog.tsx';
import type { WordStudyDialogProps } from './WordStudyDialog.tsx';
import { TAGGED_TRANSLATIONS } from '#shared/values/bible.ts';

/** The cross-reference panel (issue 39 item 3): its code and strings come when first opened. */
const CrossReferencesDialog = lazyWhenOpen<CrossReferencesDialogProps>(
  withStrings(['crossReferences'], () => import('./CrossReferencesDialog.tsx')),
);

/** The original-words panel (issue 39 item 2): its code and strings come when first opened. */
const WordStudyDialog = lazyWhenOpen<WordStudyDialogProps>(
  withStrings(['words'], () => import('./WordStudyDialog.tsx')),
);

/**
 * What to do with the selected verses (copy, journal, memorize, study), fixed to the bottom of the
 * screen while a selection exists. `shown` is the translation of the chapter on screen, if loaded.
 */
export function SelectionToolbar({
  selectedVerses,
  shown,
  translation,
  onClear,
  copyText,
}: {
  selectedVerses: Verse[];
  shown: string | undefined;
  translation: string;
  onClear: () => void;
  /** What "Copy" puts on the clipboard, when not the selected verses alone (a parallel pair). */
  copyText?: () => string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [memorizing, setMemorizing] = useState(false);
  // The passage whose cross references are open: kept while the panel is, whatever the selection.
  const [linked, setLinked] = useState<string | null>(null);
  // The passage whose original words are open (the KJV and the RV1909 carry Strong's numbers).
  const [studied, setStudied] = useState<string | null>(null);
  const shownCode = shown ?? translation;
  const tagged = (TAGGED_TRANSLATIONS as readonly string[]).includes(shownCode);

  async function copySelection() {
    const text =
      copyText?.() ??
      `${selectedVerses.map((v) => `${v.verse} ${v.text}`).join(' ')}\n— ${selectionReference(selectedVerses)} (${shown})${creditText(t, [shown])}`;
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: t('bible.actions.copied') });
    } catch {
      toast({
        title: t('errors.title'),
        description: t('bible.actions.copyFailed'),
        variant: 'destructive',
      });
    }
  }

  return (
    <>
      {memorizing && selectedVerses.length > 0 ? (
        <AddMemoryVerseDialog
          open
          onOpenChange={setMemorizing}
          reference={selectionReference(selectedVerses)}
          translation={shown}
        />
      ) : null}
      <CrossReferencesDialog
        open={linked !== null}
        onOpenChange={(open) => {
          if (!open) setLinked(null);
        }}
        reference={linked ?? ''}
        translation={shown ?? translation}
        onFollow={() => {
          setLinked(null);
          onClear();
        }}
      />
      <WordStudyDialog
        open={studied !== null}
        onOpenChange={(open) => {
          if (!open) setStudied(null);
        }}
        reference={studied ?? ''}
        translation={shownCode}
        onFollow={() => {
          setStudied(null);
          onClear();
        }}
      />
      {selectedVerses.length > 0 ? (
        <div
          role="toolbar"
          aria-label={t('bible.actions.selected', { count: selectedVerses.length })}
          className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-2xl backdrop-blur lg:left-64"
        >
          <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-2">
            <p className="mr-auto text-sm font-medium text-slate-800">
              {selectionReference(selectedVerses)} ·{' '}
              {t('bible.actions.selected', { count: selectedVerses.length })}
            </p>
            <Button size="sm" variant="outline" onClick={() => void copySelection()}>
              <Copy className="size-4" aria-hidden /> {t('bible.actions.copy')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                navigate(`/journal?ref=${encodeURIComponent(selectionReference(selectedVerses))}`)
              }
            >
              <NotebookPen className="size-4" aria-hidden /> {t('bible.actions.journal')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setMemorizing(true)}>
              <Sparkles className="size-4" aria-hidden /> {t('bible.actions.memorize')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-haspopup="dialog"
              onClick={() => setLinked(selectionReference(selectedVerses))}
            >
              <Link2 className="size-4" aria-hidden /> {t('bible.actions.crossReferences')}
            </Button>
            {tagged ? (
              <Button
                size="sm"
                variant="outline"
                aria-haspopup="dialog"
                onClick={() => setStudied(selectionReference(selectedVerses))}
              >
                <Languages className="size-4" aria-hidden /> {t('bible.actions.words')}
              </Button>
            ) : null}
            <SaveFavoriteButton
              variant="outline"
              reference={selectionReference(selectedVerses)}
              translation={shown}
            />
            <Button
              size="sm"
              onClick={() =>
                navigate(
                  `/bible-study?ref=${encodeURIComponent(selectionReference(selectedVerses))}&t=${shown ?? translation}`,
                )
              }
            >
              <NotebookPen className="size-4" aria-hidden /> {t('bible.actions.study')}
            </Button>
            <Button size="sm" variant="ghost" onClick={onClear}>
              <X className="size-4" aria-hidden /> {t('bible.actions.clear')}
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}

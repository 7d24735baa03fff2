import NotebookPen from 'lucide-react/icons/notebook-pen';
import Sparkles from 'lucide-react/icons/sparkles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { AddMemoryVerseDialog } from '../memory/index.ts';
import { SaveFavoriteButton } from './SaveFavoriteButton.tsx';

/** What a member can do with a Scripture block: memorize it, journal on it, keep it. */
export default function ScriptureActions({
  reference,
  translation,
}: {
  reference: string;
  translation: string | null;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <div className="flex flex-wrap gap-1">
      <Button
        size="sm"
        variant="ghost"
        className="px-2 text-brand-700"
        onClick={() => setAdding(true)}
      >
        <Sparkles className="size-4" aria-hidden /> {t('library.scripture.memorize')}
      </Button>
      <Button asChild size="sm" variant="ghost" className="px-2 text-brand-700">
        <Link to={`/journal?ref=${encodeURIComponent(reference)}`}>
          <NotebookPen className="size-4" aria-hidden /> {t('library.scripture.journal')}
        </Link>
      </Button>
      <SaveFavoriteButton
        reference={reference}
        translation={translation}
        className="px-2 text-brand-700"
      />
      {adding ? (
        <AddMemoryVerseDialog
          open
          onOpenChange={setAdding}
          reference={reference}
          translation={translation ?? undefined}
        />
      ) : null}
    </div>
  );
}

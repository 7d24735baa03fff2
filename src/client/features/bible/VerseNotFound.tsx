import SearchX from 'lucide-react/icons/search-x';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';

/** SPEC §5: "Versículo No Encontrado" with the five suggested references, each one click away. */
export function VerseNotFound({
  suggestions,
  onPick,
}: {
  suggestions: string[];
  onPick: (ref: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="grid gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4">
      <p className="flex items-center gap-2 font-semibold text-amber-900">
        <SearchX className="size-5" aria-hidden />
        {t('bible.errors.verseNotFound')}
      </p>
      <p className="text-sm text-amber-900">{t('bible.suggestionsTitle')}</p>
      <div className="flex flex-wrap gap-2">
        {suggestions.map((s) => (
          <Button key={s} size="sm" variant="outline" onClick={() => onPick(s)}>
            {s}
          </Button>
        ))}
      </div>
    </div>
  );
}

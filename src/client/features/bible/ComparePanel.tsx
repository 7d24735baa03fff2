import X from 'lucide-react/icons/x';
import { TranslationCredit } from '../../components/TranslationCredit.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INSTALLED_TRANSLATIONS, MAX_COMPARE, translationLanguage } from '#shared/values/bible.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { errorMessage } from '../../lib/queryClient.ts';
import { useCompare } from './api.ts';
import { PassageText } from '../../components/PassageText.tsx';

/** Premium: the chapter in up to three translations side by side. */
export function ComparePanel({ reference, onClose }: { reference: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>(INSTALLED_TRANSLATIONS.slice(0, MAX_COMPARE));
  const compare = useCompare(reference, chosen);
  return (
    <Card className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-serif text-xl text-brand-950">{t('bible.compare.title')}</h2>
        <Button size="sm" variant="ghost" onClick={onClose}>
          <X className="size-4" aria-hidden /> {t('bible.compare.close')}
        </Button>
      </div>
      <fieldset className="flex flex-wrap gap-3">
        <legend className="mb-2 text-sm text-slate-600">{t('bible.compare.hint')}</legend>
        {INSTALLED_TRANSLATIONS.map((code) => (
          <label key={code} className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={chosen.includes(code)}
              disabled={!chosen.includes(code) && chosen.length >= MAX_COMPARE}
              onChange={(e) =>
                setChosen((c) => (e.target.checked ? [...c, code] : c.filter((x) => x !== code)))
              }
            />
            {code}
          </label>
        ))}
      </fieldset>
      {compare.isError ? <p className="text-red-700">{errorMessage(compare.error, t)}</p> : null}
      <div className="grid gap-4 md:grid-cols-3">
        {compare.data?.columns.map((col) => (
          <section
            key={col.translation}
            aria-label={col.translation}
            className="rounded-2xl border border-slate-200 p-4"
          >
            <h3 className="mb-2 text-sm font-semibold uppercase tracking-wider text-brand-700">
              {col.translation}
            </h3>
            <PassageText compact verses={col.verses} lang={translationLanguage(col.translation)} />
            <TranslationCredit code={col.translation} className="mt-3" />
          </section>
        ))}
      </div>
    </Card>
  );
}

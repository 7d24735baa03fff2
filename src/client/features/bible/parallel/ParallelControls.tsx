import ArrowUpDown from 'lucide-react/icons/arrow-up-down';
import { useTranslation } from 'react-i18next';
import { INSTALLED_TRANSLATIONS } from '#shared/values/bible.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { inputClass } from '../../../components/ui/Field.tsx';
import { Switch } from '../../../components/ui/Switch.tsx';
import { useTranslations } from '../api.ts';
import type { useParallelPreference } from './api.ts';

/**
 * Parallel reading on or off, the translation beside the reader's, and "swap" (which comes
 * first): free for every member (issue 26).
 */
export function ParallelControls({
  first,
  parallel,
  onFirst,
}: {
  first: string;
  parallel: ReturnType<typeof useParallelPreference>;
  /** Reads `code` as the first translation (the reader's own choice, in its address). */
  onFirst: (code: string) => void;
}) {
  const { t } = useTranslation();
  const translations = useTranslations();
  const on = parallel.second !== null;
  const installed = (
    translations.data?.filter((tr) => tr.available).map((tr) => tr.code) ?? [
      ...INSTALLED_TRANSLATIONS,
    ]
  ).filter((code) => code !== first);
  return (
    <Card className="grid gap-1 py-2 sm:py-3">
      <Switch
        label={t('bible.parallel.toggle')}
        hint={t('bible.parallel.toggleHint')}
        checked={on}
        onChange={(next) => void (next ? parallel.turnOn() : parallel.turnOff())}
      />
      {on ? (
        <div className="flex flex-wrap items-center gap-3 pb-2">
          <label className="flex items-center gap-2 whitespace-nowrap text-sm font-medium text-slate-800">
            {t('bible.parallel.with')}
            <select
              className={`${inputClass} w-auto py-1.5`}
              value={parallel.second ?? ''}
              onChange={(e) => void parallel.choose(e.target.value)}
            >
              {installed.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
          <Button
            size="sm"
            variant="outline"
            title={t('bible.parallel.swapHint', { second: parallel.second })}
            onClick={() => {
              const second = parallel.second!;
              void parallel.choose(first);
              onFirst(second);
            }}
          >
            <ArrowUpDown className="size-4" aria-hidden /> {t('bible.parallel.swap')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

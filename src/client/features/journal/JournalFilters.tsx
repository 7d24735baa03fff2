import Search from 'lucide-react/icons/search';
import { useTranslation } from 'react-i18next';
import { POPULAR_TAGS } from '#shared/values/journal.ts';
import { CHIP, ChoiceChips } from '../../components/ui/Chips.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { cn } from '../../lib/cn.ts';
import type { JournalFilters as Filters } from './api.ts';

/** The list's search box, status filter and popular-tag filter; any change goes to `onChange`. */
export function JournalFilters({
  filters: { q, status, tag },
  onChange,
}: {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden
        />
        <input
          type="search"
          aria-label={t('journal.search')}
          placeholder={t('journal.search')}
          className={`${inputClass} pl-9`}
          value={q}
          maxLength={100}
          onChange={(e) => onChange({ q: e.target.value })}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <ChoiceChips
          label={t('journal.statusFilter')}
          value={status}
          onChange={(s) => onChange({ status: s })}
          options={(['', 'draft', 'published'] as const).map((s) => ({
            value: s,
            label: s ? t(`journal.status.${s}`) : t('journal.all'),
          }))}
          className="contents"
        />
        {POPULAR_TAGS.map((tg) => {
          // The filter names the preset by its key: it finds the entries tagged in any language.
          const word = t(`journal.tagNames.${tg}`);
          return (
            <button
              key={tg}
              type="button"
              aria-pressed={tag === tg}
              onClick={() => onChange({ tag: tag === tg ? '' : tg })}
              className={cn(
                CHIP,
                'aria-pressed:bg-gold-400 aria-pressed:text-brand-950 aria-pressed:ring-gold-400',
              )}
            >
              #{word}
            </button>
          );
        })}
      </div>
    </>
  );
}

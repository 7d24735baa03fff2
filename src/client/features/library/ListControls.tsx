import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import type { Filters } from './api.ts';

export interface FilterSpec {
  /** The query parameter (`era`, `topic`, …), also the key of its label (`library.label.*`). */
  name: string;
  /** The key of the "all" option (`library.all.*`). */
  allKey: string;
  options: { value: string; label: string }[];
}

/** A list's search box, its filters as selects, the number of results and "clear filters". */
export function ListControls({
  filters,
  specs,
  total,
  active,
  onChange,
  onClear,
}: {
  filters: Filters;
  specs: FilterSpec[];
  total: number | undefined;
  active: boolean;
  onChange: (patch: Filters) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div role="search" className="mb-6 grid gap-3">
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden
        />
        <input
          type="search"
          aria-label={t('library.search')}
          placeholder={t('library.searchPlaceholder')}
          className={`${inputClass} pl-9`}
          value={filters.q ?? ''}
          maxLength={100}
          onChange={(e) => onChange({ q: e.target.value })}
        />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        {specs.map((spec) => (
          <div key={spec.name} className="grid min-w-0 flex-1 basis-40 gap-1 sm:flex-none">
            <label htmlFor={`${id}-${spec.name}`} className="text-xs font-medium text-slate-700">
              {t(`library.label.${spec.name}`)}
            </label>
            <select
              id={`${id}-${spec.name}`}
              className={`${inputClass} py-2 text-sm sm:w-52`}
              value={filters[spec.name] ?? ''}
              onChange={(e) => onChange({ [spec.name]: e.target.value })}
            >
              <option value="">{t(spec.allKey)}</option>
              {spec.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="ml-auto flex items-center gap-3">
          {total !== undefined ? (
            <p role="status" className="text-sm text-slate-600">
              {t('library.results', { count: total })}
            </p>
          ) : null}
          {active ? (
            <Button size="sm" variant="ghost" onClick={onClear}>
              <X className="size-4" aria-hidden /> {t('library.clearFilters')}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The options of a filter whose labels are `library.<group>.<value>`. */
export function optionsOf(
  values: readonly string[],
  group: string,
  t: (key: string) => string,
): { value: string; label: string }[] {
  return values.map((value) => ({ value, label: t(`library.${group}.${value}`) }));
}

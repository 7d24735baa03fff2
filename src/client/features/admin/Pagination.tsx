import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';

/** "N items · Previous · Page x of y · Next" under a server-paged list. */
export function Pagination({
  page,
  total,
  pageSize,
  totalLabel,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  totalLabel: string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <span>{totalLabel}</span>
      <div className="flex items-center gap-2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('admin.previous')}
        </Button>
        <span>{t('admin.page', { page, pages })}</span>
        <Button
          size="sm"
          variant="outline"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {t('admin.next')}
        </Button>
      </div>
    </div>
  );
}

/** A labelled <select> of the filter bars. */
export function FilterSelect<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        className="w-full min-w-0 rounded-xl border border-slate-300 bg-white px-2.5 py-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

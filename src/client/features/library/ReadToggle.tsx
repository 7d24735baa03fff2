import CheckCircle2 from 'lucide-react/icons/circle-check';
import Circle from 'lucide-react/icons/circle';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { useSetRead, type ReadKind } from './api.ts';

/** The read / not read mark of a sermon study, hero of faith or guide. */
export function ReadToggle({ kind, id, read }: { kind: ReadKind; id: string; read: boolean }) {
  const { t } = useTranslation();
  const set = useSetRead(kind, id);
  return (
    // Its look and words follow aria-pressed: a press before the app has the page shows at once
    // (src/delivery/browser/previews.ts).
    <Button
      aria-pressed={read}
      disabled={set.isPending}
      onClick={() => set.mutate(!read)}
      className="group aria-pressed:border aria-pressed:border-slate-300 aria-pressed:bg-white aria-pressed:text-slate-800 aria-pressed:shadow-none aria-pressed:hover:bg-slate-50"
    >
      <span className="contents group-aria-pressed:hidden">
        <Circle className="size-4" aria-hidden />
        {t('library.markRead')}
      </span>
      <span className="hidden group-aria-pressed:contents">
        <CheckCircle2 className="size-4 text-emerald-700" aria-hidden />
        {t('library.readBadge')}
        <span className="sr-only">{` · ${t('library.markUnread')}`}</span>
      </span>
    </Button>
  );
}

/** "Read" on a card of a list. */
export function ReadBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">
      <CheckCircle2 className="size-3.5" aria-hidden /> {t('library.readBadge')}
    </span>
  );
}

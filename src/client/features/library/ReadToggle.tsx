import { CheckCircle2, Circle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { useSetRead, type ReadKind } from './api.ts';

/** The read / not read mark of a sermon study, hero of faith or guide. */
export function ReadToggle({ kind, id, read }: { kind: ReadKind; id: string; read: boolean }) {
  const { t } = useTranslation();
  const set = useSetRead(kind, id);
  return (
    <Button
      variant={read ? 'outline' : 'primary'}
      aria-pressed={read}
      disabled={set.isPending}
      onClick={() => set.mutate(!read)}
    >
      {read ? (
        <CheckCircle2 className="size-4 text-emerald-700" aria-hidden />
      ) : (
        <Circle className="size-4" aria-hidden />
      )}
      {read ? t('library.readBadge') : t('library.markRead')}
      {read ? <span className="sr-only">{` · ${t('library.markUnread')}`}</span> : null}
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

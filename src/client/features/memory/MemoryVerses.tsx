import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, Plus, Sparkles, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MEMORY_CATEGORIES,
  MEMORY_RATINGS,
  firstLetters,
  typingAccuracy,
  type MemoryCategory,
  type MemoryVerse,
} from '#shared/schemas/memory.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { apiRequest, errorMessage } from '../../lib/queryClient.ts';
import { AddMemoryVerseDialog } from './AddMemoryVerseDialog.tsx';

interface Page {
  items: MemoryVerse[];
  total: number;
  dueCount: number;
}

type Mode = 'reveal' | 'letters' | 'type';

function Practice({ verse, onDone }: { verse: MemoryVerse; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('reveal');
  const [shown, setShown] = useState(false);
  const [typed, setTyped] = useState('');
  const [accuracy, setAccuracy] = useState<number | null>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const review = useMutation({
    mutationFn: async (rating: (typeof MEMORY_RATINGS)[number]) =>
      (
        await apiRequest('POST', `/api/memory-verses/${verse.id}/review`, { rating })
      ).json() as Promise<MemoryVerse>,
    onSuccess: async (updated) => {
      toast({ title: t('memory.reviewed', { date: date.format(new Date(updated.dueAt)) }) });
      await queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith('/api/memory-verses'),
      });
      onDone();
    },
    onError: (e) =>
      toast({
        title: t('memory.errors.review'),
        description: errorMessage(e, t),
        variant: 'destructive',
      }),
  });
  return (
    <Card className="grid gap-4 border-brand-200">
      <h2 className="font-serif text-2xl text-brand-950">
        {t('memory.practiceTitle', { reference: verse.reference })}
      </h2>
      <div role="tablist" aria-label={t('memory.practice')} className="flex flex-wrap gap-1">
        {(['reveal', 'letters', 'type'] as const).map((m) => (
          <button
            key={m}
            role="tab"
            type="button"
            aria-selected={mode === m}
            onClick={() => {
              setMode(m);
              setShown(false);
              setAccuracy(null);
            }}
            className={cn(
              'rounded-xl px-4 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
              mode === m ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {t(`memory.modes.${m}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        className="grid gap-3"
        lang={verse.translation === 'RV1909' ? 'es' : 'en'}
      >
        {mode === 'reveal' ? (
          <>
            <p
              className={cn(
                'min-h-16 font-serif text-xl leading-relaxed',
                shown
                  ? 'text-slate-900'
                  : 'select-none text-transparent [text-shadow:0_0_12px_rgb(15_29_49/0.45)]',
              )}
              aria-hidden={!shown}
            >
              {verse.text}
            </p>
            <Button variant="outline" className="w-fit" onClick={() => setShown((s) => !s)}>
              {shown ? (
                <EyeOff className="size-4" aria-hidden />
              ) : (
                <Eye className="size-4" aria-hidden />
              )}{' '}
              {shown ? t('memory.hide') : t('memory.show')}
            </Button>
          </>
        ) : mode === 'letters' ? (
          <p className="font-mono text-xl tracking-wide text-slate-900">
            {firstLetters(verse.text)}
          </p>
        ) : (
          <>
            <label htmlFor="type-verse" className="text-sm font-medium text-slate-800">
              {t('memory.typeLabel')}
            </label>
            <textarea
              id="type-verse"
              rows={4}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              className={`${inputClass} resize-y`}
            />
            <Button
              variant="outline"
              className="w-fit"
              onClick={() => setAccuracy(typingAccuracy(verse.text, typed))}
            >
              {t('memory.check')}
            </Button>
            {accuracy !== null ? (
              <div role="status" className="grid gap-2 rounded-xl bg-brand-50 p-3">
                <p className="font-semibold text-brand-900">
                  {t('memory.accuracy', { percent: Math.round(accuracy * 100) })}
                </p>
                <p className="font-serif text-slate-800">{verse.text}</p>
              </div>
            ) : null}
          </>
        )}
      </div>
      <div className="grid gap-2 border-t border-slate-200 pt-4">
        <p className="text-sm font-medium text-slate-800">{t('memory.rateTitle')}</p>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {MEMORY_RATINGS.map((r) => (
            <Button
              key={r}
              variant={r === 'again' ? 'outline' : r === 'good' ? 'primary' : 'secondary'}
              disabled={review.isPending}
              onClick={() => review.mutate(r)}
            >
              {t(`memory.ratings.${r}`)}
            </Button>
          ))}
        </div>
      </div>
    </Card>
  );
}

export default function MemoryVerses() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<MemoryCategory | null>(null);
  const [adding, setAdding] = useState(false);
  const [practising, setPractising] = useState<MemoryVerse | null>(null);
  const [removing, setRemoving] = useState<MemoryVerse | null>(null);
  const list = useQuery<Page>({
    queryKey: [`/api/memory-verses${category ? `?category=${category}` : ''}`],
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/memory-verses/${id}`),
    onSuccess: async () => {
      setRemoving(null);
      toast({ title: t('memory.removed') });
      await queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith('/api/memory-verses'),
      });
    },
    onError: (e) =>
      toast({ title: t('errors.title'), description: errorMessage(e, t), variant: 'destructive' }),
  });
  const due = list.data?.items.filter((v) => v.due) ?? [];
  return (
    <>
      <PageHeader
        title={t('memory.title')}
        subtitle={t('memory.subtitle')}
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden /> {t('memory.add')}
          </Button>
        }
      />
      <AddMemoryVerseDialog open={adding} onOpenChange={setAdding} />
      {practising ? (
        <div className="mb-6">
          <Practice
            key={practising.id}
            verse={practising}
            onDone={() => setPractising(due.find((v) => v.id !== practising.id) ?? null)}
          />
        </div>
      ) : list.data && list.data.total > 0 ? (
        <Card className="mb-6 flex flex-wrap items-center justify-between gap-3 bg-gradient-to-br from-white to-brand-50">
          <p className="flex items-center gap-2 font-medium text-brand-900">
            <Sparkles className="size-5 text-gold-500" aria-hidden />
            {list.data.dueCount > 0
              ? t('memory.due', { count: list.data.dueCount })
              : t('memory.allDone')}
          </p>
          {due[0] ? (
            <Button onClick={() => setPractising(due[0]!)}>{t('memory.practice')}</Button>
          ) : null}
        </Card>
      ) : null}
      <div role="group" aria-label={t('memory.category')} className="mb-4 flex flex-wrap gap-2">
        {[null, ...MEMORY_CATEGORIES].map((c) => (
          <button
            key={c ?? 'all'}
            type="button"
            aria-pressed={category === c}
            onClick={() => setCategory(c)}
            className={cn(
              'rounded-full px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
              category === c
                ? 'bg-brand-700 text-white'
                : 'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50',
            )}
          >
            {c ? t(`memory.categories.${c}`) : t('memory.all')}
          </button>
        ))}
      </div>
      {list.isLoading ? (
        <Skeletons count={2} height="h-36" className="grid gap-3 sm:grid-cols-2" />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data?.items.length === 0 ? (
        <Card className="grid justify-items-center gap-3 py-12 text-center">
          <Sparkles className="size-10 text-gold-500" aria-hidden />
          <h2 className="font-serif text-2xl text-brand-950">{t('memory.empty')}</h2>
          <p className="max-w-md text-slate-600">{t('memory.emptyHint')}</p>
          <Button onClick={() => setAdding(true)}>{t('memory.add')}</Button>
        </Card>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {list.data?.items.map((v) => (
            <li key={v.id}>
              <Card className="grid h-full gap-3">
                <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
                  <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-brand-900">
                    {t(`memory.categories.${v.category}`)}
                  </span>
                  <span
                    className={cn(
                      'rounded-full px-2.5 py-0.5',
                      v.state === 'mastered'
                        ? 'bg-emerald-100 text-emerald-800'
                        : 'bg-slate-100 text-slate-700',
                    )}
                  >
                    {t(`memory.states.${v.state}`)}
                  </span>
                  {v.due ? (
                    <span className="rounded-full bg-gold-400/40 px-2.5 py-0.5 text-brand-900">
                      {t('memory.dueNow')}
                    </span>
                  ) : null}
                </div>
                <h2 className="font-serif text-xl text-brand-950">
                  {v.reference}{' '}
                  <span className="font-sans text-xs text-slate-500">{v.translation}</span>
                </h2>
                <p className="line-clamp-3 font-serif text-slate-800">{v.text}</p>
                {!v.due ? (
                  <p className="text-xs text-slate-600">
                    {t('memory.nextReview', { date: date.format(new Date(v.dueAt)) })}
                  </p>
                ) : null}
                <div className="mt-auto flex flex-wrap gap-2">
                  <Button size="sm" onClick={() => setPractising(v)}>
                    {t('memory.practice')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-700 hover:bg-red-50"
                    onClick={() => setRemoving(v)}
                  >
                    <Trash2 className="size-4" aria-hidden /> {t('memory.remove')}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t('memory.removeTitle')}
        description={t('memory.removeBody', { reference: removing?.reference ?? '' })}
        confirmLabel={t('memory.remove')}
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
      />
    </>
  );
}

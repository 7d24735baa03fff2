import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BookOpen,
  Download,
  Lightbulb,
  Pencil,
  Plus,
  RefreshCw,
  Search,
  Trash2,
  X,
} from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { JOURNAL_PROMPTS } from '#shared/journal-prompts.ts';
import { POPULAR_TAGS, parseTags, type JournalEntry } from '#shared/schemas/journal.ts';
import type { Passage } from '#shared/schemas/bible.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field, inputClass } from '../../components/ui/Field.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { useLanguage } from '../../lib/language.tsx';
import { cn } from '../../lib/cn.ts';
import { downloadAttachment } from '../../lib/download.ts';
import { ApiError, apiRequest, errorMessage, fieldErrorsOf } from '../../lib/queryClient.ts';
import { notFoundSuggestions, passageUrl } from '../bible/index.ts';
import { VerseNotFound } from '../bible/index.ts';

interface Page {
  items: JournalEntry[];
  total: number;
  page: number;
  pageSize: number;
}

interface Draft {
  id: string | null;
  title: string;
  content: string;
  scriptureReference: string;
  tags: string;
}

const EMPTY: Draft = { id: null, title: '', content: '', scriptureReference: '', tags: '' };

function Editor({ initial, onSaved }: { initial: Draft; onSaved: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(initial);
  const [preview, setPreview] = useState<Passage | null>(null);
  const [scriptureError, setScriptureError] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [prompt, setPrompt] = useState(() => Math.floor(Math.random() * JOURNAL_PROMPTS.length));
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const lookUp = useMutation({
    mutationFn: async (ref: string) =>
      (await apiRequest('GET', passageUrl(ref))).json() as Promise<Passage>,
    retry: 0,
    onSuccess: (p) => {
      setPreview(p);
      setSuggestions(null);
      setScriptureError(null);
      set({ scriptureReference: p.reference });
    },
    onError: (e) => {
      setPreview(null);
      setSuggestions(notFoundSuggestions(e));
      setScriptureError(notFoundSuggestions(e) ? null : errorMessage(e, t));
    },
  });
  function look(ref = draft.scriptureReference) {
    if (!ref.trim()) {
      setScriptureError(t('bible.errors.referenceRequired'));
      toast({
        title: t('errors.title'),
        description: t('bible.errors.referenceRequired'),
        variant: 'destructive',
      });
      return;
    }
    set({ scriptureReference: ref });
    lookUp.mutate(ref);
  }

  const save = useMutation({
    mutationFn: async (status: 'draft' | 'published') => {
      const body = {
        title: draft.title,
        content: draft.content,
        scriptureReference: draft.scriptureReference.trim() || null,
        tags: draft.tags,
        status,
      };
      const res = draft.id
        ? await apiRequest('PATCH', `/api/journal/${draft.id}`, body)
        : await apiRequest('POST', '/api/journal', body);
      return (await res.json()) as JournalEntry;
    },
    onSuccess: async (entry, status) => {
      setErrors({});
      toast({
        title:
          status === 'published'
            ? t('journal.published')
            : draft.id
              ? t('journal.updated')
              : t('journal.draftSaved'),
      });
      await queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith('/api/journal'),
      });
      if (status === 'published') onSaved();
      else setDraft((d) => ({ ...d, id: entry.id }));
    },
    onError: (e) => {
      const fields = fieldErrorsOf(e);
      setErrors(fields);
      if (
        e instanceof ApiError &&
        (e.body as { code?: string } | null)?.code === 'VERSE_NOT_FOUND'
      ) {
        setScriptureError(errorMessage(e, t));
      }
      toast({
        title: draft.id ? t('journal.errors.update') : t('journal.errors.save'),
        variant: 'destructive',
      });
    },
  });

  function submit(e: FormEvent, status: 'draft' | 'published') {
    e.preventDefault();
    if (!draft.content.trim()) {
      setErrors({ content: t('validation.required') });
      return;
    }
    save.mutate(status);
  }

  const tags = parseTags(draft.tags);
  const current = JOURNAL_PROMPTS[prompt]!;
  return (
    <div className="grid gap-4">
      <Card className="grid gap-3 bg-gradient-to-br from-white to-gold-300/20">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-brand-800">
          <Lightbulb className="size-4 text-gold-500" aria-hidden /> {t('journal.promptTitle')}
        </p>
        <p className="font-serif text-lg text-brand-950">{current[language]}</p>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              setPrompt(
                (p) =>
                  (p + 1 + Math.floor(Math.random() * (JOURNAL_PROMPTS.length - 1))) %
                  JOURNAL_PROMPTS.length,
              )
            }
          >
            <RefreshCw className="size-4" aria-hidden /> {t('journal.newPrompt')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() =>
              set({
                content: draft.content
                  ? `${draft.content}\n\n${current[language]}\n`
                  : `${current[language]}\n`,
              })
            }
          >
            {t('journal.usePrompt')}
          </Button>
        </div>
      </Card>
      <Card>
        <form className="grid gap-4" noValidate onSubmit={(e) => submit(e, 'published')}>
          <p className="text-sm font-medium text-slate-600">
            {draft.id ? t('journal.editing') : t('journal.newEntry')}
          </p>
          <Field
            label={t('journal.titleLabel')}
            value={draft.title}
            maxLength={150}
            error={errors.title}
            onChange={(e) => set({ title: e.target.value })}
          />
          <div className="grid gap-1.5">
            <label htmlFor="journal-content" className="text-sm font-medium text-slate-800">
              {t('journal.content')}
            </label>
            <textarea
              id="journal-content"
              rows={8}
              maxLength={50_000}
              value={draft.content}
              aria-invalid={errors.content ? true : undefined}
              aria-describedby={errors.content ? 'journal-content-error' : undefined}
              onChange={(e) => set({ content: e.target.value })}
              className={`${inputClass} resize-y leading-relaxed`}
            />
            {errors.content ? (
              <p id="journal-content-error" role="alert" className="text-sm text-red-700">
                {errors.content}
              </p>
            ) : null}
          </div>
          <div className="grid gap-2">
            <div className="flex items-end gap-2">
              <Field
                className="flex-1"
                label={t('journal.scripture')}
                placeholder={t('journal.scripturePlaceholder')}
                value={draft.scriptureReference}
                maxLength={200}
                error={scriptureError ?? undefined}
                onChange={(e) => {
                  set({ scriptureReference: e.target.value });
                  setPreview(null);
                }}
              />
              <Button variant="outline" onClick={() => look()} disabled={lookUp.isPending}>
                <BookOpen className="size-4" aria-hidden /> {t('journal.lookUp')}
              </Button>
            </div>
            {suggestions ? (
              <VerseNotFound suggestions={suggestions} onPick={(ref) => look(ref)} />
            ) : null}
            {preview ? (
              <figure className="flex items-start justify-between gap-3 rounded-xl bg-brand-50 p-3">
                <div>
                  <blockquote className="font-serif text-slate-900">
                    {preview.verses.map((v) => v.text).join(' ')}
                  </blockquote>
                  <figcaption className="mt-1 text-sm font-semibold text-brand-800">
                    {preview.reference} ({preview.translation})
                  </figcaption>
                </div>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={t('journal.removeScripture')}
                  onClick={() => {
                    setPreview(null);
                    set({ scriptureReference: '' });
                  }}
                >
                  <X className="size-4" aria-hidden />
                </Button>
              </figure>
            ) : null}
          </div>
          <div className="grid gap-2">
            <Field
              label={t('journal.tagsLabel')}
              value={draft.tags}
              maxLength={400}
              error={errors.tags}
              onChange={(e) => set({ tags: e.target.value })}
            />
            <div
              role="group"
              aria-label={t('journal.popularTags')}
              className="flex flex-wrap gap-2"
            >
              {POPULAR_TAGS.map((tag) => {
                const word = t(`journal.tagNames.${tag}`);
                const on = tags.includes(word);
                return (
                  <button
                    key={tag}
                    type="button"
                    aria-pressed={on}
                    onClick={() =>
                      set({
                        tags: (on ? tags.filter((x) => x !== word) : [...tags, word]).join(', '),
                      })
                    }
                    className={cn(
                      'rounded-full px-3 py-1 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                      on
                        ? 'bg-brand-700 text-white'
                        : 'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50',
                    )}
                  >
                    #{word}
                  </button>
                );
              })}
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" disabled={save.isPending} onClick={(e) => submit(e, 'draft')}>
              {save.isPending ? t('journal.saving') : t('journal.saveDraft')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {t('journal.publish')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

export default function Journal() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [editing, setEditing] = useState<{ key: number; draft: Draft }>(() => ({
    key: 0,
    draft: { ...EMPTY, scriptureReference: params.get('ref') ?? '' },
  }));
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<'' | 'draft' | 'published'>('');
  const [tag, setTag] = useState('');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<JournalEntry | null>(null);
  const filters = new URLSearchParams({
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(status ? { status } : {}),
    ...(tag ? { tag } : {}),
  });
  const list = useQuery<Page>({
    queryKey: [
      `/api/journal?${new URLSearchParams({ ...Object.fromEntries(filters), page: String(page) })}`,
    ],
    placeholderData: keepPreviousData,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/journal/${id}`),
    onSuccess: async () => {
      setDeleting(null);
      toast({ title: t('journal.deleted') });
      await queryClient.invalidateQueries({
        predicate: (qq) => String(qq.queryKey[0]).startsWith('/api/journal'),
      });
    },
    onError: (e) =>
      toast({ title: t('errors.title'), description: errorMessage(e, t), variant: 'destructive' }),
  });
  const reset = () => setEditing((e) => ({ key: e.key + 1, draft: EMPTY }));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const filtered = Boolean(q.trim() || status || tag);
  async function exportEntries() {
    try {
      await downloadAttachment(`/api/journal/export?${filters}`, 'journal.md');
    } catch (e) {
      toast({ title: t('errors.title'), description: errorMessage(e, t), variant: 'destructive' });
    }
  }
  return (
    <>
      <PageHeader
        title={t('journal.title')}
        subtitle={t('journal.subtitle')}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => void exportEntries()}>
              <Download className="size-4" aria-hidden /> {t('journal.export.button')}
            </Button>
            <Button onClick={reset}>
              <Plus className="size-4" aria-hidden /> {t('journal.newEntry')}
            </Button>
          </div>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
        <Editor key={editing.key} initial={editing.draft} onSaved={reset} />
        <section aria-label={t('journal.title')} className="grid content-start gap-3">
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
              onChange={(e) => {
                setQ(e.target.value);
                setPage(1);
              }}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            {(['', 'draft', 'published'] as const).map((s) => (
              <button
                key={s || 'all'}
                type="button"
                aria-pressed={status === s}
                onClick={() => {
                  setStatus(s);
                  setPage(1);
                }}
                className={cn(
                  'rounded-full px-3 py-1 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                  status === s
                    ? 'bg-brand-700 text-white'
                    : 'bg-white text-slate-700 ring-1 ring-slate-300',
                )}
              >
                {s ? t(`journal.status.${s}`) : t('journal.all')}
              </button>
            ))}
            {POPULAR_TAGS.map((tg) => {
              const word = t(`journal.tagNames.${tg}`);
              return (
                <button
                  key={tg}
                  type="button"
                  aria-pressed={tag === word}
                  onClick={() => {
                    setTag(tag === word ? '' : word);
                    setPage(1);
                  }}
                  className={cn(
                    'rounded-full px-3 py-1 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                    tag === word
                      ? 'bg-gold-400 text-brand-950'
                      : 'bg-white text-slate-700 ring-1 ring-slate-300',
                  )}
                >
                  #{word}
                </button>
              );
            })}
          </div>
          {list.isLoading ? (
            <Skeletons count={3} height="h-24" className="grid gap-3" />
          ) : list.isError ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : list.data?.items.length === 0 ? (
            <Card className="text-center">
              <p className="font-serif text-xl text-brand-950">
                {filtered ? t('journal.noMatch') : t('journal.empty')}
              </p>
              {filtered ? null : <p className="mt-1 text-slate-600">{t('journal.emptyHint')}</p>}
            </Card>
          ) : (
            <>
              <p className="text-sm text-slate-600">
                {t('journal.entries', { count: list.data?.total ?? 0 })}
              </p>
              <ul className="grid gap-3">
                {list.data?.items.map((entry) => (
                  <li key={entry.id}>
                    <Card className="grid gap-2 p-4 sm:p-5">
                      <div className="flex flex-wrap items-center gap-2 text-xs">
                        <span
                          className={cn(
                            'rounded-full px-2 py-0.5 font-semibold',
                            entry.status === 'draft'
                              ? 'bg-slate-100 text-slate-700'
                              : 'bg-emerald-100 text-emerald-800',
                          )}
                        >
                          {t(`journal.status.${entry.status}`)}
                        </span>
                        <span className="text-slate-600">
                          {date.format(new Date(entry.updatedAt))}
                        </span>
                      </div>
                      <h2 className="font-serif text-lg text-brand-950">
                        {entry.title || t('journal.untitled')}
                      </h2>
                      {entry.scriptureReference ? (
                        <p className="text-sm font-medium text-brand-800">
                          {entry.scriptureReference}
                        </p>
                      ) : null}
                      <p className="line-clamp-3 whitespace-pre-line text-slate-700">
                        {entry.content}
                      </p>
                      {entry.tags.length ? (
                        <p className="text-sm text-slate-600">
                          {entry.tags.map((x) => `#${x}`).join(' ')}
                        </p>
                      ) : null}
                      <div className="flex gap-2">
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => {
                            setEditing((e) => ({
                              key: e.key + 1,
                              draft: {
                                id: entry.id,
                                title: entry.title,
                                content: entry.content,
                                scriptureReference: entry.scriptureReference ?? '',
                                tags: entry.tags.join(', '),
                              },
                            }));
                            window.scrollTo({ top: 0, behavior: 'smooth' });
                          }}
                        >
                          <Pencil className="size-4" aria-hidden /> {t('journal.edit')}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          className="text-red-700 hover:bg-red-50"
                          onClick={() => setDeleting(entry)}
                        >
                          <Trash2 className="size-4" aria-hidden /> {t('journal.delete')}
                        </Button>
                      </div>
                    </Card>
                  </li>
                ))}
              </ul>
              {pages > 1 ? (
                <div className="flex items-center justify-center gap-3 text-sm text-slate-600">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={page <= 1}
                    onClick={() => setPage((p) => p - 1)}
                  >
                    {t('journal.previous')}
                  </Button>
                  {t('journal.page', { page, pages })}
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={page >= pages}
                    onClick={() => setPage((p) => p + 1)}
                  >
                    {t('journal.next')}
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('journal.deleteTitle')}
        description={t('journal.deleteBody', { title: deleting?.title || t('journal.untitled') })}
        confirmLabel={t('journal.delete')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookOpen, Bookmark, Plus, Save } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { INSTALLED_TRANSLATIONS, type Study, type StudyInput } from '#shared/schemas/bible.ts';
import { BIBLE_TRANSLATION_PREFERENCES } from '#shared/schemas/user.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field, inputClass } from '../../components/ui/Field.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { useAuth } from '../../hooks/useAuth.ts';
import { useLanguage } from '../../lib/language.tsx';
import { apiRequest, errorMessage, fieldErrorsOf } from '../../lib/queryClient.ts';
import { notFoundSuggestions, usePassage } from './api.ts';
import { PassageText } from './PassageText.tsx';
import { VerseNotFound } from './VerseNotFound.tsx';

const STEPS = ['observation', 'interpretation', 'application'] as const;
type Step = (typeof STEPS)[number];
type Form = { reference: string; translation: string; title: string } & Record<Step, string>;

const draftKey = (id: string | null) => `study-draft:${id ?? 'new'}`;

function StepField({
  step,
  value,
  onChange,
  error,
}: {
  step: Step;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Card className="grid gap-3">
      <div>
        <h2 className="font-serif text-xl text-brand-950">
          <label htmlFor={id}>{t(`study.steps.${step}.title`)}</label>
        </h2>
        <p className="text-sm font-medium text-slate-700">{t(`study.steps.${step}.lead`)}</p>
      </div>
      <ul id={`${id}-q`} className="grid list-disc gap-1 pl-5 text-sm text-slate-600">
        {(['q1', 'q2', 'q3'] as const).map((q) => (
          <li key={q}>{t(`study.steps.${step}.questions.${q}`)}</li>
        ))}
      </ul>
      <textarea
        id={id}
        aria-describedby={`${id}-q${error ? ` ${id}-e` : ''}`}
        aria-invalid={error ? true : undefined}
        rows={6}
        maxLength={20000}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`${inputClass} min-h-36 resize-y leading-relaxed`}
      />
      {error ? (
        <p id={`${id}-e`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Card>
  );
}

function initialState(
  id: string | null,
  saved: Study | undefined,
  empty: Form,
): { form: Form; restored: boolean } {
  const draft = localStorage.getItem(draftKey(id));
  if (draft) {
    try {
      return { form: { ...empty, ...(JSON.parse(draft) as Form) }, restored: true };
    } catch {
      localStorage.removeItem(draftKey(id));
    }
  }
  if (saved) {
    const { reference, translation, title, observation, interpretation, application } = saved;
    return {
      form: { reference, translation, title, observation, interpretation, application },
      restored: false,
    };
  }
  return { form: empty, restored: false };
}

/** Loads the saved study (when editing one), then opens the editor with it. */
export default function BibleStudy() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  const saved = useQuery<Study>({ queryKey: ['/api/studies', id ?? ''], enabled: !!id });
  if (id && saved.isLoading)
    return (
      <p role="status" className="text-slate-600">
        {t('common.loading')}
      </p>
    );
  if (id && saved.isError) {
    return (
      <div role="alert" className="grid gap-3">
        <p className="text-red-700">{errorMessage(saved.error, t)}</p>
        <Button asChild variant="outline" className="w-fit">
          <Link to="/saved-studies">{t('study.viewSaved')}</Link>
        </Button>
      </div>
    );
  }
  return <StudyEditor key={id ?? 'new'} id={id} saved={saved.data} />;
}

function StudyEditor({ id, saved }: { id: string | null; saved: Study | undefined }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const preferred = user?.preferences.bibleTranslation ?? 'KJV';
  const [initial] = useState(() =>
    initialState(id, saved, {
      reference: params.get('ref') ?? '',
      translation:
        params.get('t') ??
        (language === 'es' && !(INSTALLED_TRANSLATIONS as readonly string[]).includes(preferred)
          ? 'RV1909'
          : preferred),
      title: '',
      observation: '',
      interpretation: '',
      application: '',
    }),
  );
  const [form, setForm] = useState<Form>(initial.form);
  const [restored, setRestored] = useState(initial.restored);
  const [loadedRef, setLoadedRef] = useState<string | null>(initial.form.reference || null);
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  // Autosave the draft on this device while typing.
  useEffect(() => {
    const timer = setTimeout(() => {
      const dirty = STEPS.some((s) => form[s].trim()) || form.title.trim();
      if (dirty) localStorage.setItem(draftKey(id), JSON.stringify(form));
    }, 400);
    return () => clearTimeout(timer);
  }, [form, id]);

  const passage = usePassage(loadedRef, form.translation);
  const suggestions = notFoundSuggestions(passage.error);

  function load(e?: FormEvent) {
    e?.preventDefault();
    const ref = form.reference.trim();
    if (!ref) {
      setReferenceError(t('bible.errors.referenceRequired'));
      toast({
        title: t('errors.title'),
        description: t('bible.errors.referenceRequired'),
        variant: 'destructive',
      });
      return;
    }
    setReferenceError(null);
    setLoadedRef(ref);
  }

  const save = useMutation({
    mutationFn: async (): Promise<Study> => {
      const body: StudyInput = {
        reference: form.reference.trim(),
        translation: form.translation as StudyInput['translation'],
        title: form.title,
        observation: form.observation,
        interpretation: form.interpretation,
        application: form.application,
      };
      const res = id
        ? await apiRequest('PATCH', `/api/studies/${id}`, body)
        : await apiRequest('POST', '/api/studies', body);
      return res.json();
    },
    onSuccess: async (study) => {
      localStorage.removeItem(draftKey(id));
      setFieldErrors({});
      setRestored(false);
      toast({ title: id ? t('study.updated') : t('study.saved') });
      queryClient.setQueryData(['/api/studies', study.id], study);
      await queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith('/api/studies?'),
      });
      if (!id) navigate(`/bible-study?id=${study.id}`, { replace: true });
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      setFieldErrors(fields);
      if (Object.keys(fields).length === 0) {
        toast({
          title: t('study.failed'),
          description: errorMessage(error, t),
          variant: 'destructive',
        });
      }
    },
  });

  function submit() {
    if (!form.reference.trim()) {
      setReferenceError(t('bible.errors.referenceRequired'));
      toast({
        title: t('errors.title'),
        description: t('bible.errors.referenceRequired'),
        variant: 'destructive',
      });
      return;
    }
    save.mutate();
  }

  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <>
      <PageHeader
        title={t('study.title')}
        subtitle={id ? t('study.editing') : t('study.subtitle')}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" asChild>
              <Link to="/saved-studies">
                <Bookmark className="size-4" aria-hidden /> {t('study.viewSaved')}
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/bible">
                <BookOpen className="size-4" aria-hidden /> {t('nav.bible')}
              </Link>
            </Button>
            {id ? (
              <Button variant="ghost" onClick={() => navigate('/bible-study')}>
                <Plus className="size-4" aria-hidden /> {t('study.newStudy')}
              </Button>
            ) : null}
          </div>
        }
      />
      {restored ? (
        <p role="status" className="mb-4 rounded-xl bg-brand-50 px-4 py-2 text-sm text-brand-900">
          {t('study.draftRestored')}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-4 lg:sticky lg:top-20">
          <Card className="grid gap-3">
            <form
              onSubmit={load}
              noValidate
              className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
            >
              <Field
                label={t('study.reference')}
                placeholder={t('study.referencePlaceholder')}
                value={form.reference}
                maxLength={200}
                error={referenceError ?? fieldErrors.reference}
                onChange={(e) => set({ reference: e.target.value })}
              />
              <label className="grid gap-1.5 text-sm font-medium text-slate-800">
                {t('study.version')}
                <select
                  className={inputClass}
                  value={form.translation}
                  onChange={(e) => set({ translation: e.target.value })}
                >
                  {BIBLE_TRANSLATION_PREFERENCES.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </select>
              </label>
              <Button type="submit" variant="outline" className="sm:col-span-2">
                {t('study.load')}
              </Button>
            </form>
            {suggestions ? (
              <VerseNotFound
                suggestions={suggestions}
                onPick={(ref) => {
                  set({ reference: ref });
                  setLoadedRef(ref);
                }}
              />
            ) : null}
          </Card>
          <Card aria-live="polite" className="max-h-[70vh] overflow-y-auto">
            {!loadedRef ? (
              <p className="text-slate-600">{t('study.noPassage')}</p>
            ) : passage.isLoading ? (
              <p role="status" className="text-slate-600">
                {t('bible.loadingText')}
              </p>
            ) : passage.data ? (
              <>
                <h2 className="mb-3 font-serif text-2xl text-brand-950">
                  {passage.data.reference}{' '}
                  <span className="font-sans text-sm text-slate-500">
                    {passage.data.translation}
                  </span>
                </h2>
                {passage.data.fallback ? (
                  <p className="mb-3 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900">
                    {t('bible.fallbackNote', {
                      requested: passage.data.requestedTranslation,
                      shown: passage.data.translation,
                    })}
                  </p>
                ) : null}
                <PassageText
                  verses={passage.data.verses}
                  withChapters={new Set(passage.data.verses.map((v) => v.chapter)).size > 1}
                  lang={passage.data.translation === 'RV1909' ? 'es' : 'en'}
                />
              </>
            ) : passage.isError && !suggestions ? (
              <p role="alert" className="text-red-700">
                {errorMessage(passage.error, t)}
              </p>
            ) : null}
          </Card>
        </div>
        <div className="grid content-start gap-4">
          <Card>
            <Field
              label={t('study.titleLabel')}
              value={form.title}
              maxLength={120}
              error={fieldErrors.title}
              onChange={(e) => set({ title: e.target.value })}
            />
          </Card>
          {STEPS.map((step) => (
            <StepField
              key={step}
              step={step}
              value={form[step]}
              error={fieldErrors[step]}
              onChange={(v) => set({ [step]: v })}
            />
          ))}
          <div className="flex flex-wrap items-center gap-3">
            <Button size="lg" onClick={submit} disabled={save.isPending}>
              <Save className="size-4" aria-hidden />{' '}
              {save.isPending ? t('study.saving') : t('study.save')}
            </Button>
            <span className="text-xs text-slate-600">{t('study.draftSaved')}</span>
          </div>
        </div>
      </div>
    </>
  );
}

import BookOpen from 'lucide-react/icons/book-open';
import Bookmark from 'lucide-react/icons/bookmark';
import Plus from 'lucide-react/icons/plus';
import { defaultTranslation } from '#shared/bible/translation.ts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from '../../lib/router.tsx';
import type { Study, StudyInput } from '#shared/schemas/bible.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { useAuth } from '../../hooks/useAuth.ts';
import { useLanguage } from '../../lib/language.tsx';
import { errorMessage } from '../../lib/queryClient.ts';
import { useSaveStudy, useStudy } from './api.ts';
import { PassagePanel } from './PassagePanel.tsx';
import { StudyCrossReferences } from './StudyCrossReferences.tsx';
import { StudyFields } from './StudyFields.tsx';
import { STEPS, forgetDraft, initialState, keepDraft, type StudyForm } from './studyDraft.ts';

/** Loads the saved study (when editing one), then opens the editor with it. */
export default function BibleStudy() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  const saved = useStudy(id);
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

/** The lab: the passage beside the three steps; a draft autosaves on this device. */
function StudyEditor({ id, saved }: { id: string | null; saved: Study | undefined }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const preferred = user?.preferences.bibleTranslation ?? 'KJV';
  const [initial] = useState(() =>
    initialState(user?.id, id, saved, {
      reference: params.get('ref') ?? '',
      translation:
        params.get('t') ?? defaultTranslation(preferred, language, user?.preferences.spanishBible),
      title: '',
      observation: '',
      interpretation: '',
      application: '',
    }),
  );
  const [form, setForm] = useState<StudyForm>(initial.form);
  const [restored, setRestored] = useState(initial.restored);
  const [loadedRef, setLoadedRef] = useState<string | null>(initial.form.reference || null);
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  // Autosave the draft on this device while typing, as the member's own (lib/unsaved.ts).
  const memberId = user?.id;
  useEffect(() => {
    const timer = setTimeout(() => {
      const dirty = STEPS.some((s) => form[s].trim()) || form.title.trim();
      if (dirty && memberId) keepDraft(memberId, id, form);
    }, 400);
    return () => clearTimeout(timer);
  }, [form, id, memberId]);

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

  const save = useSaveStudy(id, {
    onSaved: () => {
      if (memberId) forgetDraft(memberId, id);
      setFieldErrors({});
      setRestored(false);
    },
    onCreated: (study) => navigate(`/bible-study?id=${study.id}`, { replace: true }),
    onFieldErrors: setFieldErrors,
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
    const body: StudyInput = {
      reference: form.reference.trim(),
      translation: form.translation as StudyInput['translation'],
      title: form.title,
      observation: form.observation,
      interpretation: form.interpretation,
      application: form.application,
    };
    save.mutate(body);
  }

  const set = (patch: Partial<StudyForm>) => setForm((f) => ({ ...f, ...patch }));
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
      <div className="grid gap-6 lg:grid-cols-2" data-keep-unsaved={`study:${id ?? 'new'}`}>
        <PassagePanel
          form={form}
          referenceError={referenceError ?? fieldErrors.reference}
          loadedRef={loadedRef}
          onChange={set}
          onLoad={load}
          onPick={(ref) => {
            set({ reference: ref });
            setLoadedRef(ref);
          }}
        />
        <StudyFields
          form={form}
          fieldErrors={fieldErrors}
          onChange={set}
          onSave={submit}
          saving={save.isPending}
        />
      </div>
      {loadedRef ? (
        <div className="mt-6">
          <StudyCrossReferences reference={loadedRef} translation={form.translation} />
        </div>
      ) : null}
    </>
  );
}

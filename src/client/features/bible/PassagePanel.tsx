import { translationLanguage } from '#shared/values/bible.ts';
import { TranslationCredit } from '../../components/TranslationCredit.tsx';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BIBLE_TRANSLATION_PREFERENCES } from '#shared/values/user.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field, inputClass } from '../../components/ui/Field.tsx';
import { errorMessage } from '../../lib/queryClient.ts';
import { notFoundSuggestions, usePassage } from './api.ts';
import { PassageText } from '../../components/PassageText.tsx';
import type { StudyForm } from './studyDraft.ts';
import { VerseNotFound } from './VerseNotFound.tsx';

/** The study's passage: reference and version to load, then the loaded text beside the steps. */
export function PassagePanel({
  form,
  referenceError,
  loadedRef,
  onChange,
  onLoad,
  onPick,
}: {
  form: Pick<StudyForm, 'reference' | 'translation'>;
  referenceError: string | undefined;
  loadedRef: string | null;
  onChange: (patch: Partial<StudyForm>) => void;
  onLoad: (e?: FormEvent) => void;
  /** A suggested reference, after "Verse Not Found". */
  onPick: (ref: string) => void;
}) {
  const { t } = useTranslation();
  const passage = usePassage(loadedRef, form.translation);
  const suggestions = notFoundSuggestions(passage.error);
  return (
    <div className="grid content-start gap-4 lg:sticky lg:top-20">
      <Card className="grid gap-3">
        <form
          onSubmit={onLoad}
          noValidate
          className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
        >
          <Field
            label={t('study.reference')}
            placeholder={t('study.referencePlaceholder')}
            value={form.reference}
            maxLength={200}
            error={referenceError}
            onChange={(e) => onChange({ reference: e.target.value })}
          />
          <label className="grid gap-1.5 text-sm font-medium text-slate-800">
            {t('study.version')}
            <select
              className={inputClass}
              value={form.translation}
              onChange={(e) => onChange({ translation: e.target.value })}
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
        {suggestions ? <VerseNotFound suggestions={suggestions} onPick={onPick} /> : null}
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
              <span className="font-sans text-sm text-slate-500">{passage.data.translation}</span>
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
              lang={translationLanguage(passage.data.translation)}
            />
            <TranslationCredit code={passage.data.translation} />
          </>
        ) : passage.isError && !suggestions ? (
          <p role="alert" className="text-red-700">
            {errorMessage(passage.error, t)}
          </p>
        ) : null}
      </Card>
    </div>
  );
}

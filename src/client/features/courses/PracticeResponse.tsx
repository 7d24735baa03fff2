import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../components/ui/Field.tsx';
import { useKeepUnsaved, useKeptUnsaved } from '../../hooks/useKeepUnsaved.ts';
import { useDeviceValue } from '#delivery/app/device-value.ts';
import { useSaveLessonResponse, type LessonDetail } from './api.ts';

/** Autosaves the practice response a moment after typing stops. */
export function PracticeResponse({ lesson }: { lesson: LessonDetail }) {
  const { t } = useTranslation();
  // What was typed before a session ended (and not saved) comes back, and is then saved.
  const unsaved = useKeptUnsaved<string>(`lesson:${lesson.id}`);
  // Kept in this tab: the page is drawn without it, and it comes back as the page opens.
  const kept = useDeviceValue(unsaved.kept, null);
  const [value, setValue] = useState(kept ?? lesson.response);
  const [keptShown, setKeptShown] = useState(kept);
  if (kept !== keptShown) {
    setKeptShown(kept);
    if (kept !== null) setValue(kept);
  }
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [savedValue, setSavedValue] = useState(lesson.response);
  const lastSaved = useRef(lesson.response);
  useKeepUnsaved(`lesson:${lesson.id}`, value, value !== savedValue);
  const save = useSaveLessonResponse(lesson.id, {
    saving: () => setState('saving'),
    saved: (response) => {
      lastSaved.current = response;
      setSavedValue(response);
      setState('saved');
    },
    failed: () => setState('idle'),
  });
  const { mutate } = save;
  useEffect(() => {
    if (value === lastSaved.current) return;
    const timer = setTimeout(() => mutate(value), 800);
    return () => clearTimeout(timer);
  }, [value, mutate]);
  return (
    <div className="grid gap-2" data-keep-unsaved={`lesson:${lesson.id}`}>
      <label htmlFor="practice-response" className="text-sm font-medium text-slate-800">
        {t('courses.lesson.responseLabel')}
      </label>
      <textarea
        id="practice-response"
        rows={6}
        maxLength={10_000}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className={`${inputClass} resize-y leading-relaxed`}
      />
      <p aria-live="polite" className="h-5 text-xs text-slate-600">
        {state === 'saving'
          ? t('courses.lesson.saving')
          : state === 'saved'
            ? t('courses.lesson.saved')
            : ''}
      </p>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { SPANISH_TRANSLATIONS } from '#shared/values/bible.ts';
import { BIBLE_TRANSLATION_PREFERENCES, READING_PLAN_DURATIONS } from '#shared/values/user.ts';
import type { CurrentUser, UserPreferences } from '#shared/schemas/user.ts';
import { Card } from '../../components/ui/Card.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { useLanguage } from '../../lib/language.tsx';
import { OfflineDownload, SaveDataSwitch } from '../offline/index.ts';
import { usePreferenceSaver } from './api.ts';
import { ToggleList } from './ToggleList.tsx';

export function PreferencesTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { setLanguage, language } = useLanguage();
  const save = usePreferenceSaver();
  const selectClass = `${inputClass} sm:max-w-xs`;
  const savedElsewhere = user.preferences.language !== language;
  return (
    <div className="grid gap-6">
      <Card className="grid gap-5">
        <h2 className="font-serif text-xl text-brand-950">{t('settings.preferences.title')}</h2>
        <div className="grid gap-1.5">
          <label htmlFor="pref-language" className="text-sm font-medium text-slate-800">
            {t('language.label')}
          </label>
          <select
            id="pref-language"
            aria-describedby={savedElsewhere ? 'pref-language-note' : undefined}
            className={selectClass}
            value={language}
            onChange={(e) => {
              // Saved to the account by the language switch itself, as the header's switch is.
              void setLanguage(e.target.value === 'es' ? 'es' : 'en').then(({ saved }) => {
                if (saved) toast({ title: t('settings.preferences.saved') });
              });
            }}
          >
            <option value="en">{t('language.en')}</option>
            <option value="es">{t('language.es')}</option>
          </select>
          {savedElsewhere ? (
            // This device shows another language than the account's (chosen on another device).
            <p id="pref-language-note" className="text-xs text-slate-600">
              {t('settings.preferences.languageSaved', {
                language: t(`language.${user.preferences.language}`),
              })}
            </p>
          ) : null}
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="pref-translation" className="text-sm font-medium text-slate-800">
            {t('settings.preferences.translation')}
          </label>
          <select
            id="pref-translation"
            aria-describedby="pref-translation-note"
            className={selectClass}
            value={user.preferences.bibleTranslation}
            onChange={(e) =>
              save.mutate({
                bibleTranslation: e.target.value as UserPreferences['bibleTranslation'],
              })
            }
          >
            {BIBLE_TRANSLATION_PREFERENCES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <p id="pref-translation-note" className="text-xs text-slate-600">
            {t('settings.preferences.translationNote')}
          </p>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="pref-spanish" className="text-sm font-medium text-slate-800">
            {t('settings.preferences.spanishBible')}
          </label>
          <select
            id="pref-spanish"
            aria-describedby="pref-spanish-note"
            className={selectClass}
            value={user.preferences.spanishBible}
            onChange={(e) =>
              save.mutate({
                spanishBible: e.target.value as UserPreferences['spanishBible'],
                spanishBibleChosen: true,
              })
            }
          >
            {SPANISH_TRANSLATIONS.map((code) => (
              <option key={code} value={code}>
                {t(`settings.preferences.spanishBibles.${code}`)}
              </option>
            ))}
          </select>
          <p id="pref-spanish-note" className="text-xs text-slate-600">
            {t('settings.preferences.spanishBibleNote')}
          </p>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="pref-duration" className="text-sm font-medium text-slate-800">
            {t('settings.preferences.planDuration')}
          </label>
          <select
            id="pref-duration"
            className={selectClass}
            value={user.preferences.readingPlanDuration}
            onChange={(e) =>
              save.mutate({
                readingPlanDuration: e.target.value as UserPreferences['readingPlanDuration'],
              })
            }
          >
            {READING_PLAN_DURATIONS.map((d) => (
              <option key={d} value={d}>
                {t(`settings.preferences.durations.${d}`)}
              </option>
            ))}
          </select>
        </div>
        <ToggleList
          user={user}
          keys={['scriptureInBoth', 'dailyReminders', 'progressTracking']}
          prefix="settings.preferences"
        />
        <SaveDataSwitch />
      </Card>
      <Card>
        <OfflineDownload user={user} />
      </Card>
    </div>
  );
}

/**
 * "Download for offline" (issue 40): the member's two texts (one English, one Spanish, each
 * optional), what they cost before starting, the device's free space, a progress bar with the
 * bytes and what is left (announced to screen readers as it goes), pause and resume, updates
 * that fetch only what changed, and "Remove offline data". In Settings › Preferences and in a
 * dialog of the reader.
 */
import CloudDownload from 'lucide-react/icons/cloud-download';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#shared/schemas/user.ts';
import type { OfflineManifest } from '#shared/schemas/offline.ts';
import { fallbackTranslation } from '#shared/bible/chapter-answer.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { useLanguage } from '../../lib/language.tsx';
import { formatBytes, formatShare, packNames as names, packWeight as weight } from './format.ts';
import { PassItOn } from './PassItOn.tsx';
import type { PackChoice, PackIndex, PackProgress } from './pack.ts';
import {
  useManifest,
  useMissing,
  usePackDownload,
  usePackIndex,
  type DownloadState,
} from './usePackDownload.ts';

type Language = 'en' | 'es';
const LANGUAGES: Language[] = ['en', 'es'];

/** Each language's text the member reads, or what is downloaded already. */
function defaultChoice(
  user: CurrentUser,
  manifest: OfflineManifest,
  index: PackIndex | null | undefined,
): Record<Language, { code: string; on: boolean }> {
  const offered = (language: Language) =>
    manifest.bibles.filter((b) => b.language === language).map((b) => b.code);
  const pick = (language: Language, preferred: string) => {
    const codes = offered(language);
    const downloaded = index?.bibles.find((b) => b.language === language)?.code;
    const code =
      [downloaded, preferred, fallbackTranslation(preferred, language)].find(
        (c): c is string => !!c && codes.includes(c),
      ) ?? codes[0];
    return { code: code ?? '', on: !!code && (index ? !!downloaded : true) };
  };
  return {
    en: pick('en', user.preferences.bibleTranslation),
    es: pick('es', user.preferences.spanishBible),
  };
}

/** The courses to download: those on the phone already, or every course the member may open. */
function defaultCourses(manifest: OfflineManifest, index: PackIndex | null | undefined) {
  const had = new Set((index?.courses ?? []).map((c) => c.id));
  return Object.fromEntries(manifest.courses.map((c) => [c.id, index ? had.has(c.id) : true]));
}

export function OfflineDownload({
  user,
  heading = true,
}: {
  user: CurrentUser;
  /** False in the reader's dialog, whose title says it. */
  heading?: boolean;
}) {
  const { t } = useTranslation();
  const manifest = useManifest();
  const index = usePackIndex();
  if (manifest.data && index.isSuccess) {
    return (
      <Chooser
        // A new download or a removal starts from what is on the phone again.
        key={index.data?.savedAt ?? 'none'}
        user={user}
        manifest={manifest.data}
        index={index.data}
        heading={heading}
      />
    );
  }
  return (
    <div className="grid gap-3">
      {heading ? <Heading>{t('offlinePack.title')}</Heading> : null}
      <p className="text-sm text-slate-700">{t('offlinePack.intro')}</p>
      {index.data ? <OnDevice index={index.data} user={user} /> : null}
      {manifest.isError ? (
        <p role="status" className="rounded-xl bg-gold-300/30 px-3 py-2 text-sm text-brand-950">
          {t('offlinePack.noManifest')}
        </p>
      ) : (
        <p role="status" className="text-sm text-slate-600">
          {t('offlinePack.loading')}
        </p>
      )}
      {/* With no network, a file from another phone still opens. */}
      {index.isSuccess && manifest.isError ? <PassItOn index={index.data} /> : null}
    </div>
  );
}

function Heading({ children }: { children: string }) {
  return (
    <h2 id="offline-pack" className="font-serif text-xl text-brand-950">
      {children}
    </h2>
  );
}

function OnDevice({ index, user }: { index: PackIndex; user: CurrentUser }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const bytes = weight(index);
  const date = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeZone: user.preferences.timeZone,
  }).format(new Date(index.savedAt));
  return (
    <p className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900">
      {t('offlinePack.onDevice', {
        names: names(index, language),
        size: formatBytes(bytes, language),
        date,
      })}
    </p>
  );
}

function Chooser({
  user,
  manifest,
  index,
  heading,
}: {
  user: CurrentUser;
  manifest: OfflineManifest;
  index: PackIndex | null;
  heading: boolean;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const id = useId();
  const [choice, setChoice] = useState(() => defaultChoice(user, manifest, index));
  const [courses, setCourses] = useState(() => defaultCourses(manifest, index));
  const [confirming, setConfirming] = useState(false);
  const chosen = useMemo<PackChoice>(
    () => ({
      bibles: LANGUAGES.filter((l) => choice[l].on && choice[l].code).map((l) => choice[l].code),
      courses: manifest.courses.filter((c) => courses[c.id]).map((c) => c.id),
    }),
    [choice, courses, manifest],
  );
  const missing = useMissing(manifest, chosen);
  const download = usePackDownload({
    onDone: (done) =>
      toast({
        title: t('offlinePack.done'),
        description: t(
          done.courses?.length ? 'offlinePack.doneBodyCourses' : 'offlinePack.doneBody',
          { names: names(done, language) },
        ),
      }),
  });
  const { state } = download;
  const busy = state.kind === 'running' || state.kind === 'checking';
  const size = (bytes: number) => formatBytes(bytes, language);
  const had = index && {
    bibles: index.bibles.map((b) => b.code),
    courses: (index.courses ?? []).map((c) => c.id),
  };
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((x) => b.includes(x));
  const sameAsDownloaded =
    !!had && same(had.bibles, chosen.bibles) && same(had.courses, chosen.courses);
  const nothingChosen = chosen.bibles.length === 0 && chosen.courses.length === 0;
  const toFetch = missing.data?.bytes;

  return (
    <div className="grid gap-4">
      {heading ? <Heading>{t('offlinePack.title')}</Heading> : null}
      <p className="text-sm text-slate-700">{t('offlinePack.intro')}</p>
      {index ? <OnDevice index={index} user={user} /> : null}
      <fieldset className="grid gap-3" disabled={busy}>
        <legend className="mb-1 text-sm font-medium text-slate-800">
          {t('offlinePack.texts')}
        </legend>
        {LANGUAGES.map((l) => {
          const bibles = manifest.bibles.filter((b) => b.language === l);
          if (bibles.length === 0) return null;
          const chosen = bibles.find((b) => b.code === choice[l].code);
          return (
            <div
              key={l}
              className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2 sm:grid-cols-[auto_12rem_1fr]"
            >
              <input
                id={`${id}-${l}-on`}
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={choice[l].on}
                onChange={(e) =>
                  setChoice((c) => ({ ...c, [l]: { ...c[l], on: e.target.checked } }))
                }
              />
              <label htmlFor={`${id}-${l}-on`} className="text-sm text-slate-800">
                {t(`offlinePack.text.${l}`)}
              </label>
              <div className="col-start-2 flex flex-wrap items-center gap-x-3 gap-y-1 sm:col-start-3">
                <select
                  aria-label={t(`offlinePack.which.${l}`)}
                  className={`${inputClass} h-10 w-auto max-w-full`}
                  value={choice[l].code}
                  disabled={!choice[l].on}
                  onChange={(e) =>
                    setChoice((c) => ({ ...c, [l]: { code: e.target.value, on: true } }))
                  }
                >
                  {bibles.map((b) => (
                    <option key={b.code} value={b.code}>
                      {b.name}
                    </option>
                  ))}
                </select>
                {chosen ? (
                  <span className="text-sm tabular-nums text-slate-600">{size(chosen.bytes)}</span>
                ) : null}
              </div>
            </div>
          );
        })}
      </fieldset>

      {manifest.courses.length > 0 ? (
        <fieldset className="grid gap-2" disabled={busy}>
          <legend className="mb-1 text-sm font-medium text-slate-800">
            {t('offlinePack.courses')}
          </legend>
          <p className="text-sm text-slate-600">{t('offlinePack.coursesHint')}</p>
          {manifest.courses.map((c) => (
            <div key={c.id} className="grid grid-cols-[auto_1fr_auto] items-center gap-x-3">
              <input
                id={`${id}-course-${c.id}`}
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={!!courses[c.id]}
                onChange={(e) => setCourses((had) => ({ ...had, [c.id]: e.target.checked }))}
              />
              <label htmlFor={`${id}-course-${c.id}`} className="text-sm text-slate-800">
                {c.title[language]}
              </label>
              <span className="text-sm tabular-nums text-slate-600">{size(c.bytes)}</span>
            </div>
          ))}
        </fieldset>
      ) : null}

      <Progress state={state} />

      <Status
        state={state}
        persisted={download.persisted}
        nothingChosen={nothingChosen}
        upToDate={sameAsDownloaded && toFetch === 0}
        update={sameAsDownloaded && !!toFetch}
      />

      <div className="flex flex-wrap gap-2">
        {state.kind === 'running' ? (
          <Button variant="outline" onClick={download.pause}>
            {t('offlinePack.pause')}
          </Button>
        ) : state.kind === 'paused' || state.kind === 'stopped' ? (
          <Button onClick={download.resume}>{t('offlinePack.resume')}</Button>
        ) : !nothingChosen && toFetch !== undefined && !(sameAsDownloaded && toFetch === 0) ? (
          <Button
            disabled={busy}
            onClick={() => void download.start(manifest, chosen)}
            className="gap-2"
          >
            <CloudDownload className="size-4" aria-hidden />
            {sameAsDownloaded
              ? t('offlinePack.updateButton', { size: size(toFetch) })
              : index
                ? t('offlinePack.downloadChanges', { size: size(toFetch) })
                : t('offlinePack.download', { size: size(toFetch) })}
          </Button>
        ) : null}
        {index ? (
          <Button variant="ghost" className="text-red-700" onClick={() => setConfirming(true)}>
            {t('offlinePack.remove')}
          </Button>
        ) : null}
      </div>
      <PassItOn index={index} disabled={busy} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('offlinePack.removeTitle')}
        description={t('offlinePack.removeBody', {
          size: size(index ? weight(index) : 0),
        })}
        confirmLabel={t('offlinePack.removeConfirm')}
        onConfirm={() => {
          setConfirming(false);
          void download.remove().then(() => toast({ title: t('offlinePack.removed') }));
        }}
      />
    </div>
  );
}

function progressOf(state: DownloadState): PackProgress | null {
  return state.kind === 'running' || state.kind === 'paused' || state.kind === 'stopped'
    ? state.progress
    : null;
}

function Progress({ state }: { state: DownloadState }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const progress = progressOf(state);
  const labelId = useId();
  const shown = progress ? Math.min(progress.total, progress.done + progress.arriving) : 0;
  // Said to screen readers at each tenth, not at every chunk: the live text changes only then.
  const tenth = progress && progress.total > 0 ? Math.floor((shown / progress.total) * 10) : -1;
  const announced =
    tenth >= 0 ? t('offlinePack.announce', { share: formatShare(tenth, 10, language) }) : '';
  if (!progress || progress.total === 0)
    return (
      <p aria-live="polite" className="sr-only">
        {announced}
      </p>
    );
  const size = (bytes: number) => formatBytes(bytes, language);
  const text = t('offlinePack.progress', {
    done: size(shown),
    total: size(progress.total),
    left: size(Math.max(0, progress.total - shown)),
  });
  return (
    <div className="grid gap-1.5">
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={shown}
        aria-valuetext={`${formatShare(shown, progress.total, language)} · ${text}`}
        className="h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-brand-500 to-brand-800 transition-[width] duration-300"
          style={{ width: `${(shown / progress.total) * 100}%` }}
        />
      </div>
      <p className="flex flex-wrap justify-between gap-x-2 text-sm text-slate-600">
        <span id={labelId}>{t('offlinePack.progressLabel')}</span>
        <span className="tabular-nums">{text}</span>
      </p>
      <p aria-live="polite" className="sr-only">
        {announced}
      </p>
    </div>
  );
}

function Status({
  state,
  persisted,
  nothingChosen,
  upToDate,
  update,
}: {
  state: DownloadState;
  persisted: boolean | null;
  nothingChosen: boolean;
  upToDate: boolean;
  update: boolean;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const note = (text: string, tone: 'info' | 'warn' | 'error' = 'info') => (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800'
          : tone === 'warn'
            ? 'rounded-xl bg-gold-300/30 px-3 py-2 text-sm text-brand-950'
            : 'text-sm text-slate-600'
      }
    >
      {text}
    </p>
  );
  if (state.kind === 'noSpace') {
    return note(
      t('offlinePack.noSpace', {
        needed: formatBytes(state.needed, language),
        free: formatBytes(state.free, language),
      }),
      'error',
    );
  }
  if (state.kind === 'checking') return note(t('offlinePack.checking'));
  if (state.kind === 'paused') return note(t('offlinePack.paused'), 'warn');
  if (state.kind === 'stopped') {
    return note(
      t(
        state.reason === 'network'
          ? 'offlinePack.stoppedNetwork'
          : state.reason === 'damaged'
            ? 'offlinePack.damaged'
            : 'offlinePack.failed',
      ),
      state.reason === 'network' ? 'warn' : 'error',
    );
  }
  if (state.kind === 'running') {
    return persisted === false ? note(t('offlinePack.notPersisted')) : null;
  }
  if (nothingChosen) return note(t('offlinePack.nothingChosen'));
  if (upToDate) return note(t('offlinePack.upToDate'));
  if (update) return note(t('offlinePack.update'), 'warn');
  return null;
}

import X from 'lucide-react/icons/x';
import {
  type ComponentType,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../../components/ui/Button.tsx';
import { Tip } from '../../components/ui/Tip.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { RATES, SLEEP_MINUTES, type SpeechPlayer, type StopAt } from './engine.ts';
import {
  PauseIcon,
  PlayIcon,
  SkipBackIcon,
  SkipForwardIcon,
  SlidersIcon,
  type IconProps,
} from './icons.tsx';
import { speechLanguage, type SpeechLanguage } from './speech-text.ts';

const selectClass = `${inputClass} py-1.5 text-sm`;

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        className={selectClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </select>
    </div>
  );
}

/** The system's voices for a language, best first; remembered per language. */
function VoiceSelect({ player, lang }: { player: SpeechPlayer; lang: SpeechLanguage }) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(player.subscribe, player.getState);
  const voices = player.voicesFor(lang);
  const language = t(`listenPlayer.languages.${lang}`);
  return (
    <Select
      label={t('listenPlayer.voice', { language })}
      value={state.voices[lang] ?? voices[0]?.voiceURI ?? ''}
      onChange={(uri) => player.setVoice(lang, uri)}
    >
      {voices.length === 0 ? <option value="">{t('listenPlayer.noVoiceOption')}</option> : null}
      {voices.map((v) => (
        <option key={v.voiceURI} value={v.voiceURI}>
          {v.name} ({v.lang})
        </option>
      ))}
    </Select>
  );
}

function Options({ player }: { player: SpeechPlayer }) {
  const { t, i18n } = useTranslation();
  const state = useSyncExternalStore(player.subscribe, player.getState);
  const queue = state.queue!;
  const languages = [...new Set(queue.segments.map((s) => speechLanguage(s.lang)))];
  const verses = queue.segments.filter((s) => s.id.startsWith('v-'));
  const sleepValue =
    state.sleep?.kind === 'minutes'
      ? String(state.sleep.minutes)
      : state.sleep?.kind === 'chapter'
        ? 'chapter'
        : '';
  const until =
    state.sleep?.kind === 'minutes'
      ? new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' }).format(
          state.sleep.endsAt,
        )
      : null;
  return (
    <div className="grid gap-3 border-t border-slate-200 pt-3 sm:grid-cols-2 lg:grid-cols-4">
      {languages.map((lang) => (
        <VoiceSelect key={lang} player={player} lang={lang} />
      ))}
      {queue.chapter ? (
        <Select
          label={t('listenPlayer.atEnd')}
          value={state.stopAt}
          onChange={(v) => player.setStopAt(v as StopAt)}
        >
          {(['chapter', 'book', 'continue', 'range'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`listenPlayer.stopAt.${s}`)}
            </option>
          ))}
        </Select>
      ) : null}
      {queue.chapter && state.stopAt === 'range' && state.range && verses.length > 0 ? (
        <div className="grid grid-cols-2 gap-2">
          {(['from', 'to'] as const).map((end) => (
            <Select
              key={end}
              label={t(end === 'from' ? 'listenPlayer.rangeFrom' : 'listenPlayer.rangeTo')}
              value={state.range![end]}
              onChange={(id) =>
                end === 'from'
                  ? player.setRange(id, state.range!.to)
                  : player.setRange(state.range!.from, id)
              }
            >
              {verses.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.label}
                </option>
              ))}
            </Select>
          ))}
        </div>
      ) : null}
      <div className="grid gap-1">
        <Select
          label={t('listenPlayer.sleep')}
          value={sleepValue}
          onChange={(v) =>
            player.setSleep(v === '' ? null : v === 'chapter' ? 'chapter' : Number(v))
          }
        >
          <option value="">{t('listenPlayer.sleepOff')}</option>
          {SLEEP_MINUTES.map((m) => (
            <option key={m} value={m}>
              {t('listenPlayer.sleepMinutes', { minutes: m })}
            </option>
          ))}
          <option value="chapter">{t('listenPlayer.sleepChapter')}</option>
        </Select>
        {until ? (
          <p className="text-xs text-slate-600">
            {state.fading
              ? t('listenPlayer.fading')
              : t('listenPlayer.sleepUntil', { time: until })}
          </p>
        ) : null}
      </div>
      <p className="text-xs text-slate-600 sm:col-span-2 lg:col-span-4">
        {t('listenPlayer.keyboard')}
      </p>
    </div>
  );
}

function Notice({ player }: { player: SpeechPlayer }) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(player.subscribe, player.getState);
  if (state.loading)
    return <p className="text-sm text-slate-700">{t('listenPlayer.loadingNext')}</p>;
  if (state.notice === 'noVoice' && state.noVoiceFor) {
    const language = t(`listenPlayer.languages.${state.noVoiceFor}`);
    return (
      <div className="grid gap-1 rounded-xl bg-gold-300/20 px-3 py-2 text-sm text-brand-950">
        <p className="font-semibold">{t('listenPlayer.noVoice.title', { language })}</p>
        <ul className="grid list-disc gap-0.5 pl-5">
          <li>{t('listenPlayer.noVoice.android')}</li>
          <li>{t('listenPlayer.noVoice.ios')}</li>
          <li>{t('listenPlayer.noVoice.computer')}</li>
        </ul>
      </div>
    );
  }
  if (!state.notice || state.notice === 'noVoice') return null;
  return <p className="text-sm text-slate-700">{t(`listenPlayer.notice.${state.notice}`)}</p>;
}

/** One of the player's icon buttons: named, with its tooltip. */
function Control({
  label,
  icon: Icon,
  variant = 'ghost',
  ...props
}: { label: string; icon: ComponentType<IconProps> } & Omit<ButtonProps, 'children' | 'size'>) {
  return (
    <Tip label={label}>
      <Button size="icon" variant={variant} aria-label={label} {...props}>
        <Icon className="size-5" aria-hidden />
      </Button>
    </Tip>
  );
}

/**
 * The player bar: a labelled region fixed to the bottom of the screen while something is being
 * listened to, over every page. What is read and the progress are plain text (no live region:
 * a screen reader is not interrupted at every verse); what the player says of itself (the end,
 * no voice) is announced once.
 */
export function PlayerBar({ player }: { player: SpeechPlayer }) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(player.subscribe, player.getState);
  const [options, setOptions] = useState(false);
  const bar = useRef<HTMLElement>(null);
  const optionsId = useId();
  const queue = state.queue;
  const open = queue !== null;

  // The page keeps its end above the bar, and the bar keeps clear of the member's side menu
  // (fixed at the left on wide screens, with links down to its end).
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const place = () => {
      document.body.style.paddingBottom = `${element.offsetHeight}px`;
      const side = document.querySelector('#root aside');
      const right = side ? side.getBoundingClientRect().right : 0;
      element.style.left = `${Math.max(0, right)}px`;
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
      document.body.style.paddingBottom = '';
    };
  }, [open]);

  if (!queue) return null;
  const segment = queue.segments[state.index];
  const total = queue.segments.length;
  const current = state.index + 1;

  const onKeyDown = (event: KeyboardEvent) => {
    // Space plays or pauses anywhere in the player but in its lists (where it opens them).
    if (event.key !== ' ' || (event.target as Element).closest('select, input, textarea')) return;
    event.preventDefault();
    player.toggle();
  };

  const playLabel = state.playing ? t('listenPlayer.pause') : t('listenPlayer.play');
  return (
    <section
      ref={bar}
      aria-label={t('listenPlayer.region')}
      onKeyDown={onKeyDown}
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white/95 shadow-lg backdrop-blur"
    >
      <div className="mx-auto grid max-w-6xl gap-2 px-4 py-3 sm:px-6">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <div className="grid min-w-0 flex-1 basis-48 gap-1">
            <p className="truncate text-sm font-semibold text-brand-950">{queue.title}</p>
            <p className="flex items-center gap-2 text-xs text-slate-600">
              <span className="truncate">{segment?.label}</span>
              <span className="ml-auto shrink-0">
                {t('listenPlayer.progress', { current, total })}
              </span>
            </p>
            <div
              role="progressbar"
              aria-label={t('listenPlayer.progressLabel')}
              aria-valuemin={1}
              aria-valuemax={total}
              aria-valuenow={current}
              aria-valuetext={t('listenPlayer.progress', { current, total })}
              className="h-1.5 overflow-hidden rounded-full bg-brand-100"
            >
              <div
                className="h-full rounded-full bg-brand-700"
                style={{ width: `${(current / total) * 100}%` }}
              />
            </div>
          </div>
          <div className="flex items-center gap-1">
            <Control
              label={t('listenPlayer.previous')}
              icon={SkipBackIcon}
              disabled={state.index === 0}
              onClick={() => player.previous()}
            />
            <Control
              label={playLabel}
              icon={state.playing ? PauseIcon : PlayIcon}
              variant="primary"
              className="rounded-full"
              onClick={() => player.toggle()}
            />
            <Control
              label={t('listenPlayer.next')}
              icon={SkipForwardIcon}
              disabled={state.index >= total - 1}
              onClick={() => player.next()}
            />
            <label className="sr-only" htmlFor={`${optionsId}-rate`}>
              {t('listenPlayer.speed')}
            </label>
            <select
              id={`${optionsId}-rate`}
              className="h-10 rounded-xl border border-slate-300 bg-white px-2 text-sm text-slate-800 focus:outline-none focus:ring-2 focus:ring-brand-500"
              value={state.rate}
              onChange={(e) => player.setRate(Number(e.target.value))}
            >
              {RATES.map((r) => (
                <option key={r} value={r}>
                  {r}×
                </option>
              ))}
            </select>
            <Control
              label={t('listenPlayer.options')}
              icon={SlidersIcon}
              aria-expanded={options}
              aria-controls={optionsId}
              onClick={() => setOptions((o) => !o)}
            />
            <Control label={t('listenPlayer.close')} icon={X} onClick={() => player.close()} />
          </div>
        </div>
        <div role="status">
          <Notice player={player} />
        </div>
        <div id={optionsId} hidden={!options} className="max-h-[45vh] overflow-y-auto">
          {options ? <Options player={player} /> : null}
        </div>
      </div>
    </section>
  );
}

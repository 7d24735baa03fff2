/**
 * The player, loaded on the first press of a Listen button (docs/decisions/0055): one engine for
 * the tab, its bar in a React root of its own at the end of the page (so it stays while the app
 * navigates, and no page or shell carries it), and what ties it to the page and the device:
 * the highlighted verse kept in view, a tap on a verse to read from there, the lock screen's
 * controls (Media Session), a pause when other audio starts, the place kept to resume and the
 * settings remembered.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  DEFAULT_SETTINGS,
  RATES,
  SpeechPlayer,
  type PlayerState,
  type Settings,
} from './engine.ts';
import { announceChapter, chapterKey, onPage, writePlace } from './place.ts';
import { PlayerBar } from './PlayerBar.tsx';
import {
  chapterQueue,
  chapterStart,
  pageSegments,
  requestQueue,
  segmentElement,
} from './sources.ts';
import type { ChapterRef, ListenRequest, Queue } from './types.ts';

const SETTINGS_KEY = 'camino:listen:settings';
/** Classes of the segment being read (classes the reader already uses: no new CSS). */
const CURRENT_CLASSES = ['bg-gold-300/40', 'rounded'];

function readSettings(): Settings {
  try {
    const saved = JSON.parse(
      localStorage.getItem(SETTINGS_KEY) ?? 'null',
    ) as Partial<Settings> | null;
    const rate = RATES.includes(saved?.rate as (typeof RATES)[number]) ? saved!.rate! : 1;
    const stopAt = ['chapter', 'book', 'continue'].includes(saved?.stopAt ?? '')
      ? saved!.stopAt!
      : DEFAULT_SETTINGS.stopAt;
    return { rate, stopAt, voices: { ...saved?.voices } };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

function saveSettings({ rate, voices, stopAt }: PlayerState) {
  try {
    localStorage.setItem(
      SETTINGS_KEY,
      JSON.stringify({ rate, voices, stopAt: stopAt === 'range' ? 'chapter' : stopAt }),
    );
  } catch {
    // storage unavailable: remembered for this tab only
  }
}

let member = 'visitor';
let player: SpeechPlayer | null = null;

function keepPlace(queue: Queue, index: number | null) {
  const segment = index === null ? null : queue.segments[index];
  writePlace(
    member,
    segment
      ? {
          key: queue.key,
          segmentId: segment.id,
          label: segment.label,
          chapter: queue.chapter && {
            translation: queue.chapter.translation,
            book: queue.chapter.book,
            chapter: queue.chapter.chapter,
          },
        }
      : null,
  );
}

/** The sleep timer ended a chapter the player would have gone on from: resume at the next one. */
function keepNextPlace(queue: Queue, next: ChapterRef) {
  const lang = queue.segments[0]?.lang === 'es' ? 'es' : 'en';
  const start = chapterStart(next, lang);
  writePlace(member, {
    key: chapterKey(next),
    segmentId: start.id,
    label: start.label,
    chapter: { translation: next.translation, book: next.book, chapter: next.chapter },
  });
}

/**
 * The box the highlight covers: a verse the reader lets select is a button, a box of its own (an
 * inline span's background would show on its last line only).
 */
const highlightBox = (element: HTMLElement) =>
  element.querySelector<HTMLElement>(':scope > button') ?? element;

/** Highlights the segment being read and keeps it in view (below the header, above the bar). */
function follow(state: PlayerState, previous: HTMLElement | null): HTMLElement | null {
  const segment = state.queue?.segments[state.index];
  const element = segment ? segmentElement(segment.id) : null;
  if (element === previous) return element;
  if (previous) {
    highlightBox(previous).classList.remove(...CURRENT_CLASSES);
    delete previous.dataset.listening;
  }
  if (!element) return null;
  highlightBox(element).classList.add(...CURRENT_CLASSES);
  element.dataset.listening = 'true';
  const box = element.getBoundingClientRect();
  const bar =
    document.querySelector('#listen-player > section')?.getBoundingClientRect().height ?? 0;
  if (box.top < 80 || box.bottom > window.innerHeight - bar) {
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
  }
  return element;
}

/** Lock screen and headphone controls, where the browser has them. */
function mediaSession(engine: SpeechPlayer) {
  if (!('mediaSession' in navigator)) return () => {};
  const session = navigator.mediaSession;
  const actions: [MediaSessionAction, () => void][] = [
    ['play', () => void engine.play()],
    ['pause', () => engine.pause()],
    ['nexttrack', () => engine.next()],
    ['previoustrack', () => engine.previous()],
    ['stop', () => engine.pause()],
  ];
  for (const [action, run] of actions) {
    try {
      session.setActionHandler(action, run);
    } catch {
      // an action this browser does not support
    }
  }
  return (state: PlayerState) => {
    const segment = state.queue?.segments[state.index];
    session.playbackState = state.queue ? (state.playing ? 'playing' : 'paused') : 'none';
    if (!segment || typeof MediaMetadata === 'undefined') return;
    const title = segment.label;
    if (session.metadata?.title === title && session.metadata.artist === state.queue!.title) return;
    session.metadata = new MediaMetadata({
      title,
      artist: state.queue!.title,
      album: 'Camino',
      artwork: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    });
  };
}

/** A tap on a verse (or paragraph) of what is being read starts reading from it. */
function onTap(engine: SpeechPlayer) {
  return (event: MouseEvent) => {
    const { queue } = engine.getState();
    const target = event.target instanceof Element ? event.target : null;
    if (!queue || !target || target.closest('#listen-player')) return;
    const verse = target.closest<HTMLElement>('[id^="v-"]');
    const block = verse ?? target.closest<HTMLElement>('[data-listen-seg]');
    if (!block) return;
    // Links and controls inside a paragraph keep their own meaning.
    if (!verse && target.closest('a, button, input, select, textarea, label')) return;
    const id = verse ? verse.id : block.dataset.listenSeg!;
    if (engine.jumpToId(id)) {
      event.preventDefault();
      event.stopPropagation();
    }
  };
}

function createPlayer(): SpeechPlayer {
  const engine = new SpeechPlayer(
    {
      synth: window.speechSynthesis,
      Utterance: window.SpeechSynthesisUtterance,
      now: () => Date.now(),
      setTimeout: (run, ms) => window.setTimeout(run, ms),
      clearTimeout: (id) => window.clearTimeout(id as number),
      loadChapter: chapterQueue,
      onPlace: keepPlace,
      onNextPlace: keepNextPlace,
    },
    readSettings(),
  );
  const updateSession = mediaSession(engine);
  let highlighted: HTMLElement | null = null;
  let last = engine.getState();
  engine.subscribe(() => {
    const state = engine.getState();
    if (state.rate !== last.rate || state.voices !== last.voices || state.stopAt !== last.stopAt) {
      saveSettings(state);
    }
    if (state.queue?.chapter && state.queue !== last.queue) {
      announceChapter(last.queue?.chapter ?? null, state.queue.chapter);
    }
    highlighted = follow(state, highlighted);
    updateSession(state);
    last = state;
  });
  // The page it reads is shown again (a new page, the same parts): its parts are marked as they
  // were when the reading started, and the one being read is highlighted.
  onPage((key, root) => {
    const queue = engine.getState().queue;
    if (!queue || queue.chapter || queue.key !== key) return;
    pageSegments(root);
    highlighted = follow(engine.getState(), null);
  });
  // The page changed under the player (another route): highlight what is shown now.
  new MutationObserver(() => {
    if (highlighted?.isConnected) return;
    highlighted = follow(engine.getState(), null);
  }).observe(document.getElementById('root') ?? document.body, { childList: true, subtree: true });
  document.addEventListener('click', onTap(engine), true);
  // Another sound starts on the page (a video, a recording): the reading pauses.
  document.addEventListener(
    'play',
    (event) => {
      if (event.target instanceof HTMLMediaElement && engine.getState().playing) engine.pause();
    },
    true,
  );
  // Leaving the page: the engine would go on reading a page that is gone.
  window.addEventListener('pagehide', () => engine.pause());

  const host = document.createElement('div');
  host.id = 'listen-player';
  document.body.append(host);
  // Its own prefix: ids of this root never meet the app's (the tooltips key their controls by id).
  createRoot(host, { identifierPrefix: 'listen-' }).render(
    <StrictMode>
      <PlayerBar player={engine} />
    </StrictMode>,
  );
  return engine;
}

/** Reads what a Listen button asks for, from `startId` if given (a place to resume). */
export async function listen(
  request: ListenRequest,
  options: { member: string; startId?: string },
): Promise<void> {
  member = options.member;
  player ??= createPlayer();
  const queue = await requestQueue(request);
  await player.load(queue, options.startId);
}

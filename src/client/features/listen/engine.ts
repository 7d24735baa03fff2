/**
 * The player's engine: speaks a queue of segments with the Web Speech API (docs/decisions/0055).
 * No DOM and no React: the speech synthesis, the utterance constructor and the clock are given,
 * so tests/client/listen-engine.test.ts drives it with a fake engine and fake timers.
 *
 * - Each segment is cut into short utterances at sentence boundaries (speech-text.ts); the next
 *   segment is queued in the engine as soon as the current one starts, so there is no gap of
 *   ours between verses.
 * - Pausing cancels the engine (its own pause is unreliable on phones) and keeps the place to the
 *   utterance; every utterance carries the generation it was queued in, and the events of an
 *   older one (the "interrupted" and "canceled" of a cancel) are ignored: a verse is never read
 *   twice, and a jump never lets an old queue go on.
 */
import {
  rankVoices,
  speechLanguage,
  splitUtterances,
  spokenText,
  type SpeechLanguage,
} from './speech-text.ts';
import type { ChapterRef, Queue } from './types.ts';

export const RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const SLEEP_MINUTES = [15, 30, 60] as const;
/** The last part of a sleep timer, during which each utterance is quieter than the one before. */
export const FADE_MS = 30_000;
/** How long to wait for the system's voices to be listed (Chrome lists them asynchronously). */
export const VOICES_WAIT_MS = 1500;

export type StopAt = 'chapter' | 'book' | 'continue' | 'range';
export type Sleep =
  { kind: 'minutes'; minutes: number; endsAt: number } | { kind: 'chapter' } | null;
/** Why the player stopped on its own, shown in the bar. */
export type Notice =
  'noVoice' | 'nextUnavailable' | 'sleepEnded' | 'finished' | 'rangeEnded' | 'failed';

export interface PlayerState {
  queue: Queue | null;
  index: number;
  playing: boolean;
  /** Fetching the next chapter. */
  loading: boolean;
  rate: number;
  /** The chosen voice per language (its voiceURI); the best match when none is chosen. */
  voices: Partial<Record<SpeechLanguage, string>>;
  stopAt: StopAt;
  /** A range within the chapter (segment ids): reading stops after `to`. */
  range: { from: string; to: string } | null;
  sleep: Sleep;
  /** The sleep timer's last seconds: each utterance quieter. */
  fading: boolean;
  notice: Notice | null;
  noVoiceFor: SpeechLanguage | null;
}

type UtteranceLike = Pick<
  SpeechSynthesisUtterance,
  'text' | 'lang' | 'voice' | 'rate' | 'volume' | 'onstart' | 'onend' | 'onerror'
>;

/** What the engine needs of the browser; the real one in the page, a fake in tests. */
export interface SpeechEnv {
  synth: Pick<
    SpeechSynthesis,
    'speak' | 'cancel' | 'getVoices' | 'addEventListener' | 'removeEventListener'
  >;
  Utterance: new (text: string) => UtteranceLike;
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
  /** The chapter after a queue's chapter, as a queue (player.ts fetches it). */
  loadChapter?: (chapter: ChapterRef) => Promise<Queue>;
  /** Called when the place changes (null: heard to the end), to keep it for resuming. */
  onPlace?: (queue: Queue, index: number | null) => void;
  /** Called instead when the sleep timer stopped at a chapter's end: resume at `next`'s start. */
  onNextPlace?: (queue: Queue, next: ChapterRef) => void;
}

export interface Settings {
  rate: number;
  voices: Partial<Record<SpeechLanguage, string>>;
  stopAt: Exclude<StopAt, 'range'>;
}

export const DEFAULT_SETTINGS: Settings = { rate: 1, voices: {}, stopAt: 'chapter' };

export class SpeechPlayer {
  private state: PlayerState;
  private readonly listeners = new Set<() => void>();
  private generation = 0;
  /** The utterance within the current segment, to resume a pause where it was. */
  private part = 0;
  /** The last segment queued in the engine in this generation. */
  private queuedThrough = -1;
  private sleepTimer: unknown = null;
  private voicesReady: Promise<void> | null = null;

  constructor(
    private readonly env: SpeechEnv,
    settings: Settings = DEFAULT_SETTINGS,
  ) {
    this.state = {
      queue: null,
      index: 0,
      playing: false,
      loading: false,
      rate: settings.rate,
      voices: settings.voices,
      stopAt: settings.stopAt,
      range: null,
      sleep: null,
      fading: false,
      notice: null,
      noVoiceFor: null,
    };
  }

  // ── The store (useSyncExternalStore) ──

  getState = (): PlayerState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<PlayerState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  // ── Voices ──

  /** The system's voices for a language, best first. */
  voicesFor(lang: SpeechLanguage): SpeechSynthesisVoice[] {
    return rankVoices(this.env.synth.getVoices(), lang);
  }

  private voiceFor(lang: SpeechLanguage): SpeechSynthesisVoice | null {
    const ranked = this.voicesFor(lang);
    const chosen = this.state.voices[lang];
    return ranked.find((v) => v.voiceURI === chosen) ?? ranked[0] ?? null;
  }

  /** Resolves once the system lists its voices, or after VOICES_WAIT_MS (none, then). */
  private waitForVoices(): Promise<void> {
    if (this.env.synth.getVoices().length > 0) return Promise.resolve();
    this.voicesReady ??= new Promise<void>((resolve) => {
      const done = () => {
        this.env.synth.removeEventListener('voiceschanged', done);
        resolve();
      };
      this.env.synth.addEventListener('voiceschanged', done);
      this.env.setTimeout(done, VOICES_WAIT_MS);
    }).finally(() => (this.voicesReady = null));
    return this.voicesReady;
  }

  // ── What is read ──

  /** Reads `queue` from the segment `startId` (or its first), playing at once unless told not to. */
  async load(queue: Queue, startId?: string, play = true) {
    const segments = queue.segments.filter((s) => s.text.trim());
    const q = { ...queue, segments };
    const start = Math.max(0, startId ? segments.findIndex((s) => s.id === startId) : 0);
    this.stopSpeaking();
    const sameChapter = this.state.queue?.chapter && q.chapter && this.state.queue.key === q.key;
    this.set({
      queue: q,
      index: start,
      loading: false,
      notice: null,
      noVoiceFor: null,
      range: sameChapter ? this.state.range : null,
      stopAt: this.state.stopAt === 'range' && !sameChapter ? 'chapter' : this.state.stopAt,
    });
    this.part = 0;
    if (play) await this.play();
    else this.env.onPlace?.(q, start);
  }

  async play() {
    const { queue } = this.state;
    if (!queue || queue.segments.length === 0) return;
    let index = this.state.index;
    // Heard to the end: from the start again.
    if (this.state.notice === 'finished' || this.state.notice === 'rangeEnded') {
      index =
        this.state.range && this.state.stopAt === 'range' ? this.indexOf(this.state.range.from) : 0;
      this.part = 0;
    }
    this.set({ playing: true, notice: null, noVoiceFor: null, index });
    await this.waitForVoices();
    if (!this.state.playing || this.state.queue !== queue) return;
    this.speakFrom(index, this.part);
  }

  pause() {
    this.stopSpeaking();
    this.set({ playing: false });
  }

  toggle() {
    if (this.state.playing) this.pause();
    else void this.play();
  }

  /** Starts reading at a segment (a tapped verse, next, previous). */
  jumpTo(index: number) {
    const { queue, playing } = this.state;
    if (!queue) return;
    const to = Math.min(Math.max(0, index), queue.segments.length - 1);
    this.part = 0;
    if (playing) {
      this.set({ index: to, notice: null });
      this.speakFrom(to, 0);
    } else {
      this.set({ index: to, notice: null });
      this.env.onPlace?.(queue, to);
    }
  }

  jumpToId(id: string) {
    const index = this.indexOf(id);
    if (index < 0) return false;
    this.jumpTo(index);
    if (!this.state.playing) void this.play();
    return true;
  }

  next() {
    this.jumpTo(this.state.index + 1);
  }

  previous() {
    this.jumpTo(this.state.index - 1);
  }

  /** Closes the player: stops speaking; the place stays kept. */
  close() {
    this.stopSpeaking();
    this.clearSleep();
    this.set({ queue: null, playing: false, loading: false, notice: null, noVoiceFor: null });
  }

  // ── Settings ──

  setRate(rate: number) {
    this.set({ rate });
    this.restartIfPlaying();
  }

  setVoice(lang: SpeechLanguage, voiceURI: string) {
    this.set({ voices: { ...this.state.voices, [lang]: voiceURI } });
    this.restartIfPlaying();
  }

  setStopAt(stopAt: StopAt) {
    const { queue, index } = this.state;
    if (stopAt === 'range' && queue) {
      const range = this.state.range ?? {
        from: queue.segments[index]!.id,
        to: queue.segments.at(-1)!.id,
      };
      this.set({ stopAt, range });
    } else this.set({ stopAt });
  }

  /** The range to read (segment ids, in order): reading goes on from `from` and stops after `to`. */
  setRange(from: string, to: string) {
    const a = this.indexOf(from);
    const b = this.indexOf(to);
    if (a < 0 || b < 0) return;
    const [first, last] = a <= b ? [a, b] : [b, a];
    const segments = this.state.queue!.segments;
    this.set({ stopAt: 'range', range: { from: segments[first]!.id, to: segments[last]!.id } });
    if (this.state.index < first || this.state.index > last) this.jumpTo(first);
    else if (this.state.playing) this.restartIfPlaying();
  }

  /** A sleep timer of some minutes, "end of chapter", or none. */
  setSleep(sleep: number | 'chapter' | null) {
    this.clearSleep();
    if (sleep === null) return this.set({ sleep: null, fading: false });
    if (sleep === 'chapter') return this.set({ sleep: { kind: 'chapter' }, fading: false });
    const ms = sleep * 60_000;
    this.set({
      sleep: { kind: 'minutes', minutes: sleep, endsAt: this.env.now() + ms },
      fading: false,
    });
    this.sleepTimer = this.env.setTimeout(() => this.fadeStep(), Math.max(0, ms - FADE_MS));
  }

  /** Marks the fade (utterances from now on are quieter), then pauses at the timer's end. */
  private fadeStep() {
    const { sleep } = this.state;
    if (sleep?.kind !== 'minutes') return;
    this.set({ fading: true });
    const left = sleep.endsAt - this.env.now();
    this.sleepTimer = this.env.setTimeout(
      () => {
        this.sleepTimer = null;
        if (this.state.playing) this.pause();
        this.set({ sleep: null, fading: false, notice: 'sleepEnded' });
      },
      Math.max(0, left),
    );
  }

  private clearSleep() {
    if (this.sleepTimer !== null) this.env.clearTimeout(this.sleepTimer);
    this.sleepTimer = null;
  }

  /** Full volume, or during the fade a share of what is left (never below 0.15). */
  private volume(): number {
    const { sleep } = this.state;
    if (sleep?.kind !== 'minutes') return 1;
    const left = sleep.endsAt - this.env.now();
    return left >= FADE_MS ? 1 : Math.max(0.15, left / FADE_MS);
  }

  // ── Speaking ──

  private indexOf(id: string) {
    return this.state.queue?.segments.findIndex((s) => s.id === id) ?? -1;
  }

  /** The last segment to read in this queue: the range's end, or the last. */
  private lastIndex(): number {
    const { queue, stopAt, range } = this.state;
    const last = (queue?.segments.length ?? 0) - 1;
    if (stopAt === 'range' && range) {
      const to = this.indexOf(range.to);
      return to < 0 ? last : to;
    }
    return last;
  }

  private stopSpeaking() {
    this.generation += 1;
    this.queuedThrough = -1;
    this.env.synth.cancel();
  }

  private restartIfPlaying() {
    if (this.state.playing) this.speakFrom(this.state.index, this.part);
  }

  private speakFrom(index: number, part: number) {
    this.stopSpeaking();
    this.enqueue(this.generation, index, part);
  }

  /**
   * Queues a segment's utterances from its `fromPart`th. A segment queued ahead (`ahead`) whose
   * language has no voice is left for its turn, when the player stops and says so.
   */
  private enqueue(generation: number, index: number, fromPart: number, ahead = false) {
    const { queue } = this.state;
    const segment = queue?.segments[index];
    if (!queue || !segment) return;
    const lang = speechLanguage(segment.lang);
    const voice = this.voiceFor(lang);
    if (!voice) {
      if (ahead) return;
      this.stopSpeaking();
      this.set({ playing: false, notice: 'noVoice', noVoiceFor: lang, index });
      return;
    }
    const parts = splitUtterances(spokenText(segment.text, lang)).slice(fromPart);
    this.queuedThrough = index;
    parts.forEach((text, k) => {
      const utterance = new this.env.Utterance(text);
      utterance.lang = voice.lang;
      utterance.voice = voice;
      utterance.rate = this.state.rate;
      utterance.volume = this.volume();
      utterance.onstart = () => {
        if (generation !== this.generation) return;
        this.part = fromPart + k;
        if (this.state.index !== index) this.set({ index });
        if (k === 0) this.env.onPlace?.(queue, index);
        // The next segment waits in the engine's queue: no gap of ours between verses.
        if (k === 0 && this.queuedThrough === index && index < this.lastIndex()) {
          this.enqueue(generation, index + 1, 0, true);
        }
      };
      utterance.onend = () => {
        if (generation !== this.generation || k !== parts.length - 1) return;
        if (index >= this.lastIndex()) void this.reachedEnd(generation);
        // The next one could not be queued ahead (no voice for its language): its turn now.
        else if (this.queuedThrough === index) this.enqueue(generation, index + 1, 0);
      };
      utterance.onerror = (event: SpeechSynthesisErrorEvent) => {
        if (generation !== this.generation) return;
        if (event.error === 'interrupted' || event.error === 'canceled') return;
        this.stopSpeaking();
        this.set({ playing: false, notice: 'failed' });
      };
      this.env.synth.speak(utterance as SpeechSynthesisUtterance);
    });
  }

  /** The last segment to read has been heard: stop, or go on to the next chapter. */
  private async reachedEnd(generation: number) {
    const { queue, stopAt, sleep, range } = this.state;
    if (!queue) return;
    if (stopAt === 'range' && range) {
      this.part = 0;
      this.set({ playing: false, notice: 'rangeEnded' });
      return;
    }
    queue.onFinished?.();
    const next = queue.chapter?.next;
    const wouldGoOn =
      next &&
      this.env.loadChapter &&
      (stopAt === 'continue' || (stopAt === 'book' && next.book === queue.chapter!.book));
    const goOn = wouldGoOn && sleep?.kind !== 'chapter';
    if (!goOn) {
      this.part = 0;
      // Stopped by the sleep timer before a chapter it would have gone on to: that is where
      // to resume (tomorrow night's "Continue listening"), not nowhere.
      if (wouldGoOn && this.env.onNextPlace) this.env.onNextPlace(queue, next);
      else this.env.onPlace?.(queue, null);
      this.set(
        sleep?.kind === 'chapter'
          ? { playing: false, sleep: null, notice: 'sleepEnded' }
          : { playing: false, notice: 'finished' },
      );
      return;
    }
    this.set({ loading: true });
    try {
      const following = await this.env.loadChapter!(next);
      if (generation !== this.generation || this.state.queue !== queue) return;
      await this.load(following, undefined, true);
    } catch {
      if (this.state.queue !== queue) return;
      this.set({ loading: false, playing: false, notice: 'nextUnavailable' });
    }
  }
}

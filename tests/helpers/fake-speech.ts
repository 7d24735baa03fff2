/**
 * A fake Web Speech engine (speechSynthesis and SpeechSynthesisUtterance) that records every
 * utterance: its text, language, voice, rate and volume, and what became of it (started, ended,
 * interrupted, canceled), in order. One utterance at a time, like a real engine; each "speaks"
 * for `msPerChar` per character divided by its rate, on the page's own timers (so fake timers
 * and Playwright's clock drive it).
 *
 * `installFakeSpeech` is self-contained (no imports, no outer names): the browser tests send its
 * source to the page (`fakeSpeechScript`, with page.addInitScript), the client tests call it on
 * their own object.
 */

export interface FakeVoice {
  name: string;
  lang: string;
  voiceURI: string;
  localService: boolean;
  default: boolean;
}

export interface SpeechLogEntry {
  event: 'start' | 'end' | 'interrupted' | 'canceled';
  text: string;
  lang: string;
  voice: string | null;
  rate: number;
  volume: number;
}

export interface FakeSpeechOptions {
  voices: FakeVoice[];
  msPerChar: number;
}

export interface FakeSpeechHandle {
  log: SpeechLogEntry[];
  msPerChar: number;
  voices: FakeVoice[];
  /** Replaces the voices and fires `voiceschanged`. */
  setVoices: (voices: FakeVoice[]) => void;
}

export const FAKE_VOICES: FakeVoice[] = [
  {
    name: 'Fake English (UK)',
    lang: 'en-GB',
    voiceURI: 'fake-en-gb',
    localService: true,
    default: false,
  },
  {
    name: 'Fake English (US)',
    lang: 'en-US',
    voiceURI: 'fake-en-us',
    localService: true,
    default: true,
  },
  {
    name: 'Fake Español (España)',
    lang: 'es-ES',
    voiceURI: 'fake-es-es',
    localService: true,
    default: false,
  },
  {
    name: 'Fake Español (México)',
    lang: 'es-MX',
    voiceURI: 'fake-es-mx',
    localService: true,
    default: false,
  },
];

/* eslint-disable @typescript-eslint/no-explicit-any -- a stand-in for the browser's own objects */
export function installFakeSpeech(target: any, options: FakeSpeechOptions): FakeSpeechHandle {
  const handle = {
    log: [] as any[],
    msPerChar: options.msPerChar,
    voices: options.voices.slice(),
    setVoices(voices: any[]) {
      handle.voices = voices.slice();
      for (const l of listeners.slice()) l(new Event('voiceschanged'));
    },
  };
  const listeners: ((e: Event) => void)[] = [];
  let queue: any[] = [];
  let current: any = null;
  let timer: any = null;

  class Utterance {
    text: string;
    lang = '';
    voice: any = null;
    rate = 1;
    pitch = 1;
    volume = 1;
    onstart: any = null;
    onend: any = null;
    onerror: any = null;
    constructor(text: string) {
      this.text = text;
    }
  }
  const record = (u: any, event: string) =>
    handle.log.push({
      event,
      text: u.text,
      lang: u.lang,
      voice: u.voice ? u.voice.name : null,
      rate: u.rate,
      volume: u.volume,
    });
  const next = () => {
    if (current || queue.length === 0) return;
    current = queue.shift();
    const u = current;
    record(u, 'start');
    u.onstart?.({ type: 'start', utterance: u });
    timer = target.setTimeout(
      () => {
        if (current !== u) return;
        current = null;
        record(u, 'end');
        u.onend?.({ type: 'end', utterance: u });
        next();
      },
      Math.max(1, (u.text.length * handle.msPerChar) / u.rate),
    );
  };
  const synth = {
    get speaking() {
      return current !== null;
    },
    get pending() {
      return queue.length > 0;
    },
    paused: false,
    speak(u: any) {
      queue.push(u);
      target.setTimeout(next, 0);
    },
    cancel() {
      const was = current;
      const waiting = queue;
      current = null;
      queue = [];
      if (timer !== null) target.clearTimeout(timer);
      timer = null;
      if (was) {
        record(was, 'interrupted');
        was.onerror?.({ type: 'error', error: 'interrupted', utterance: was });
      }
      for (const u of waiting) {
        record(u, 'canceled');
        u.onerror?.({ type: 'error', error: 'canceled', utterance: u });
      }
    },
    pause() {},
    resume() {},
    getVoices() {
      return handle.voices.slice();
    },
    addEventListener(type: string, listener: any) {
      if (type === 'voiceschanged') listeners.push(listener);
    },
    removeEventListener(type: string, listener: any) {
      const i = listeners.indexOf(listener);
      if (type === 'voiceschanged' && i >= 0) listeners.splice(i, 1);
    },
    onvoiceschanged: null,
  };
  Object.defineProperty(target, 'speechSynthesis', { value: synth, configurable: true });
  Object.defineProperty(target, 'SpeechSynthesisUtterance', {
    value: Utterance,
    configurable: true,
  });
  target.__speech = handle;
  return handle;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The script that installs the fake in a page before its own scripts run (page.addInitScript). */
export function fakeSpeechScript(options: Partial<FakeSpeechOptions> = {}): string {
  const full: FakeSpeechOptions = { voices: FAKE_VOICES, msPerChar: 2, ...options };
  return `(${installFakeSpeech.toString()})(window, ${JSON.stringify(full)});`;
}

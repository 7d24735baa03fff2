import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FADE_MS, SpeechPlayer, type SpeechEnv } from '#client/features/listen/engine.ts';
import {
  MAX_UTTERANCE,
  chapterAnnouncement,
  numberWords,
  rankVoices,
  speakReferences,
  splitUtterances,
  spokenText,
} from '#client/features/listen/speech-text.ts';
import type { Queue } from '#client/features/listen/types.ts';
import { FAKE_VOICES, installFakeSpeech, type FakeSpeechHandle } from '../helpers/fake-speech.ts';

describe('what the voice is given to say', () => {
  it('says references the way people say them, in the text’s language', () => {
    expect(speakReferences('Juan 3:16', 'es')).toBe('Juan tres, dieciséis');
    expect(speakReferences('Lee 1 Corintios 13:4-7 hoy.', 'es')).toBe(
      'Lee Primera de Corintios trece, cuatro al siete hoy.',
    );
    expect(speakReferences('1 Samuel 17', 'es')).toBe('Primero de Samuel diecisiete');
    expect(speakReferences('1 Corinthians 13:4', 'en')).toBe('First Corinthians thirteen, four');
    expect(speakReferences('Psalm 119:176', 'en')).toBe(
      'Psalm one hundred nineteen, one hundred seventy-six',
    );
    expect(speakReferences('Salmo 23:1', 'es')).toBe('Salmo veintitrés, uno');
    expect(speakReferences('Romanos 5:8–6:2', 'es')).toBe('Romanos cinco, ocho al seis, dos');
    // Not a reference: a number after a word that is not a book.
    expect(speakReferences('los 12 apóstoles', 'es')).toBe('los 12 apóstoles');
    expect(spokenText('Juan 3:16 (RV1909)', 'es')).toBe('Juan tres, dieciséis');
  });

  it('spells chapters and verses in words', () => {
    expect(numberWords(21, 'es')).toBe('veintiuno');
    expect(numberWords(45, 'es')).toBe('cuarenta y cinco');
    expect(numberWords(100, 'es')).toBe('cien');
    expect(numberWords(150, 'es')).toBe('ciento cincuenta');
    expect(numberWords(42, 'en')).toBe('forty-two');
    expect(numberWords(1000, 'en')).toBe('1000');
    expect(chapterAnnouncement('Juan', 3, 'es')).toBe('Juan, capítulo tres.');
    expect(chapterAnnouncement('Salmos', 23, 'es')).toBe('Salmo veintitrés.');
    expect(chapterAnnouncement('2 Timothy', 1, 'en')).toBe('Second Timothy, chapter one.');
  });

  it('cuts long text at sentence ends into utterances every engine finishes', () => {
    const sentence = 'And God said, Let there be light: and there was light. ';
    const long = sentence.repeat(8);
    const parts = splitUtterances(long);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(MAX_UTTERANCE);
    expect(parts.join(' ')).toBe(long.trim());
    // Cut where a sentence or clause ends, not in the middle of one.
    for (const part of parts) expect(part).toMatch(/[.:]$/);
    // One very long sentence without a full stop: at commas, then between words.
    const run = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    for (const part of splitUtterances(run)) expect(part.length).toBeLessThanOrEqual(MAX_UTTERANCE);
    expect(splitUtterances('  ')).toEqual([]);
  });

  it('ranks the system’s voices: Latin American Spanish first, then Spain', () => {
    const ranked = rankVoices(FAKE_VOICES, 'es').map((v) => v.lang);
    expect(ranked).toEqual(['es-MX', 'es-ES']);
    expect(rankVoices(FAKE_VOICES, 'en')[0]!.lang).toBe('en-US');
    expect(
      rankVoices([{ ...FAKE_VOICES[0]!, lang: 'es_US' }, FAKE_VOICES[2]!], 'es')[0]!.lang,
    ).toBe('es_US');
  });
});

const verse = (n: number, text: string, lang = 'es') => ({
  id: `v-John.3.${n}`,
  text,
  lang,
  label: `Juan 3:${n}`,
});

const JOHN_3: Queue = {
  key: 'chapter:RV1909:John:3',
  title: 'Juan 3 · RV1909',
  segments: [
    verse(1, 'Y había un hombre de los Fariseos que se llamaba Nicodemo, príncipe de los Judíos.'),
    verse(2, 'Este vino á Jesús de noche.'),
    verse(3, 'Respondió Jesús, y díjole: De cierto, de cierto te digo.'),
    verse(4, 'Dícele Nicodemo: ¿Cómo puede el hombre nacer siendo viejo?'),
  ],
  chapter: {
    translation: 'RV1909',
    book: 'John',
    chapter: 3,
    next: { translation: 'RV1909', book: 'John', chapter: 4 },
  },
};

describe('the player, with a fake speech engine', () => {
  let fake: FakeSpeechHandle;
  let env: SpeechEnv;
  const places: (string | null)[] = [];
  const target: Record<string, unknown> = {};

  beforeEach(() => {
    vi.useFakeTimers();
    places.length = 0;
    target.setTimeout = (run: () => void, ms: number) => setTimeout(run, ms);
    target.clearTimeout = (id: ReturnType<typeof setTimeout>) => clearTimeout(id);
    fake = installFakeSpeech(target, { voices: FAKE_VOICES, msPerChar: 10 });
    env = {
      synth: target.speechSynthesis as SpeechEnv['synth'],
      Utterance: target.SpeechSynthesisUtterance as SpeechEnv['Utterance'],
      now: () => Date.now(),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
      onPlace: (queue, index) => places.push(index === null ? null : queue.segments[index]!.id),
    };
  });
  afterEach(() => vi.useRealTimers());

  const started = () => fake.log.filter((e) => e.event === 'start');
  const ended = () => fake.log.filter((e) => e.event === 'end').map((e) => e.text);

  it('reads a chapter in order with the best voice of the text’s language, at the chosen rate', async () => {
    const player = new SpeechPlayer(env, { rate: 1.5, voices: {}, stopAt: 'chapter' });
    const finished = vi.fn();
    await player.load({ ...JOHN_3, onFinished: finished });
    await vi.runAllTimersAsync();
    expect(ended()).toEqual(JOHN_3.segments.map((s) => s.text));
    for (const entry of started()) {
      expect(entry).toMatchObject({ lang: 'es-MX', voice: 'Fake Español (México)', rate: 1.5 });
    }
    expect(player.getState()).toMatchObject({ playing: false, notice: 'finished' });
    expect(finished).toHaveBeenCalledOnce();
    // The place moved verse by verse, then was let go once heard to the end.
    expect(places).toEqual([...JOHN_3.segments.map((s) => s.id), null]);
  });

  it('queues the next verse while one is read (no gap of its own), and a chosen voice is kept', async () => {
    const player = new SpeechPlayer(env);
    player.setVoice('es', 'fake-es-es');
    await player.load(JOHN_3);
    await vi.advanceTimersByTimeAsync(1);
    // Verse 1 is being read, verse 2 already waits in the engine.
    expect(started().map((e) => e.text)).toEqual([JOHN_3.segments[0]!.text]);
    expect((target.speechSynthesis as { pending: boolean }).pending).toBe(true);
    expect(started()[0]!.voice).toBe('Fake Español (España)');
    player.close();
  });

  it('pauses and resumes without reading a verse twice, and jumps to a tapped verse', async () => {
    const player = new SpeechPlayer(env);
    await player.load(JOHN_3);
    await vi.advanceTimersByTimeAsync(JOHN_3.segments[0]!.text.length * 10 + 50);
    expect(player.getState().index).toBe(1);
    player.pause();
    expect(player.getState().playing).toBe(false);
    // The verse being read was interrupted, the one queued after it canceled: nothing goes on.
    await vi.advanceTimersByTimeAsync(5000);
    const afterPause = fake.log.length;
    expect(fake.log.slice(-2).map((e) => e.event)).toEqual(['interrupted', 'canceled']);
    player.toggle();
    await vi.runAllTimersAsync();
    expect(fake.log.length).toBeGreaterThan(afterPause);
    // Each verse heard to its end exactly once.
    expect(ended()).toEqual(JOHN_3.segments.map((s) => s.text));

    // A tapped verse: from there, once.
    fake.log.length = 0;
    player.jumpToId('v-John.3.3');
    await vi.runAllTimersAsync();
    expect(ended()).toEqual([JOHN_3.segments[2]!.text, JOHN_3.segments[3]!.text]);
  });

  it('stops at the end of a chosen range', async () => {
    const player = new SpeechPlayer(env);
    await player.load(JOHN_3, undefined, false);
    player.setRange('v-John.3.2', 'v-John.3.3');
    await player.play();
    await vi.runAllTimersAsync();
    expect(ended()).toEqual([JOHN_3.segments[1]!.text, JOHN_3.segments[2]!.text]);
    expect(player.getState()).toMatchObject({ playing: false, notice: 'rangeEnded', index: 2 });
  });

  it('goes on to the next chapter when asked, and not past the book when told to stop there', async () => {
    const loadChapter = vi.fn(async (c: { book: string; chapter: number }) => ({
      key: `chapter:RV1909:${c.book}:${c.chapter}`,
      title: `Juan ${c.chapter} · RV1909`,
      segments: [verse(1, `Capítulo ${c.chapter}.`)].map((s) => ({
        ...s,
        id: `v-${c.book}.${c.chapter}.1`,
      })),
      chapter: {
        translation: 'RV1909',
        ...c,
        next: { translation: 'RV1909', book: 'Acts', chapter: 1 },
      },
    }));
    const player = new SpeechPlayer(
      { ...env, loadChapter },
      { rate: 2, voices: {}, stopAt: 'book' },
    );
    await player.load(JOHN_3);
    await vi.runAllTimersAsync();
    // John 4 follows John 3 (same book); Acts 1 does not follow John 4.
    expect(loadChapter).toHaveBeenCalledOnce();
    expect(ended().at(-1)).toBe('Capítulo 4.');
    expect(player.getState()).toMatchObject({ notice: 'finished', playing: false });
    expect(player.getState().queue!.key).toBe('chapter:RV1909:John:4');
  });

  it('fades out at the end of a sleep timer and keeps the place', async () => {
    const long: Queue = {
      ...JOHN_3,
      segments: Array.from({ length: 400 }, (_, i) => verse(i + 1, `Versículo número ${i + 1}.`)),
    };
    const player = new SpeechPlayer(env);
    await player.load(long);
    player.setSleep(1);
    await vi.advanceTimersByTimeAsync(60_000 - FADE_MS - 100);
    expect(started().at(-1)!.volume).toBe(1);
    await vi.advanceTimersByTimeAsync(FADE_MS / 2);
    const fading = started().at(-1)!.volume;
    expect(fading).toBeLessThan(1);
    expect(player.getState().fading).toBe(true);
    await vi.advanceTimersByTimeAsync(FADE_MS);
    expect(player.getState()).toMatchObject({ playing: false, notice: 'sleepEnded', sleep: null });
    expect(started().at(-1)!.volume).toBeLessThan(fading);
    const place = player.getState().index;
    expect(place).toBeGreaterThan(10);
    // Nothing more is read, and the place is where it stopped.
    const count = fake.log.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.log.length).toBe(count);
    expect(places.at(-1)).toBe(long.segments[place]!.id);
  });

  it('"end of chapter" stops there, and the place is the next chapter the player would have read', async () => {
    const loadChapter = vi.fn();
    const nextPlaces: string[] = [];
    const player = new SpeechPlayer(
      {
        ...env,
        loadChapter,
        onNextPlace: (_queue, next) => nextPlaces.push(`${next.book} ${next.chapter}`),
      },
      { rate: 2, voices: {}, stopAt: 'continue' },
    );
    await player.load(JOHN_3);
    player.setSleep('chapter');
    await vi.runAllTimersAsync();
    expect(loadChapter).not.toHaveBeenCalled();
    expect(player.getState()).toMatchObject({ playing: false, notice: 'sleepEnded', sleep: null });
    expect(nextPlaces).toEqual(['John 4']);
    expect(places.at(-1)).not.toBeNull();
    // Set to stop at each chapter's end anyway: heard to the end, no place to resume.
    const once = new SpeechPlayer(
      { ...env, loadChapter, onNextPlace: () => nextPlaces.push('wrong') },
      { rate: 2, voices: {}, stopAt: 'chapter' },
    );
    await once.load(JOHN_3);
    once.setSleep('chapter');
    await vi.runAllTimersAsync();
    expect(nextPlaces).toEqual(['John 4']);
    expect(places.at(-1)).toBeNull();
  });

  it('says when the device has no voice for the text’s language instead of staying silent', async () => {
    fake.setVoices(FAKE_VOICES.filter((v) => v.lang.startsWith('en')));
    const player = new SpeechPlayer(env);
    await player.load(JOHN_3);
    expect(player.getState()).toMatchObject({
      playing: false,
      notice: 'noVoice',
      noVoiceFor: 'es',
    });
    expect(started()).toEqual([]);
  });

  it('waits for the voices a browser lists late, then reads', async () => {
    fake.setVoices([]);
    const player = new SpeechPlayer(env);
    const loading = player.load(JOHN_3);
    await vi.advanceTimersByTimeAsync(200);
    fake.setVoices(FAKE_VOICES);
    await loading;
    await vi.advanceTimersByTimeAsync(10);
    expect(started()[0]).toMatchObject({ lang: 'es-MX', text: JOHN_3.segments[0]!.text });
    player.close();
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  e2eAvailable,
  expectAccessible,
  newContext,
  screenshot,
  signUpMember,
  useE2EServer,
  waitForBibles,
} from './browser.ts';
import {
  FAKE_VOICES,
  fakeSpeechScript,
  type FakeSpeechOptions,
  type SpeechLogEntry,
} from '../helpers/fake-speech.ts';
import { splitUtterances, spokenText } from '#client/features/listen/speech-text.ts';

/**
 * Listen (docs/decisions/0055), in Chromium with a fake speech engine installed in the page
 * (tests/helpers/fake-speech.ts): it records every utterance (text, language, voice, rate,
 * volume) and "speaks" each for a few milliseconds a character.
 */
const enabled = e2eAvailable();
const e2e = useE2EServer('listen');

async function withFakeSpeech(page: Page, options: Partial<FakeSpeechOptions> = {}) {
  await page.addInitScript({ content: fakeSpeechScript(options) });
}

const speechLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { __speech: { log: SpeechLogEntry[] } }).__speech.log);
const started = async (page: Page) => (await speechLog(page)).filter((e) => e.event === 'start');
const clearLog = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __speech: { log: unknown[] } }).__speech.log.length = 0;
  });
/** The utterances a verse is read in, as the player cuts it. */
const utterances = (text: string, lang: 'en' | 'es') => splitUtterances(spokenText(text, lang));

const setSpeed = (page: Page, msPerChar: number) =>
  page.evaluate((ms) => {
    (window as unknown as { __speech: { msPerChar: number } }).__speech.msPerChar = ms;
  }, msPerChar);

/** The screenshot of the page (helpers' full page), and of the screen as seen, with the bar. */
async function screenshots(page: Page, name: string) {
  await screenshot(page, name);
  await page.screenshot({ path: `test-results/screenshots/${name}-screen.png` });
}

/** The verses of a chapter, as the API gives them. */
async function chapterVerses(page: Page, translation: string, book: string, chapter: number) {
  const res = await page.request.get(
    `${e2e.base}/api/bible/chapter/${translation}/${book}/${chapter}`,
  );
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { verses: { verse: number; text: string }[] }).verses;
}

describe.runIf(enabled)('Listen: the Bible read aloud', () => {
  it('reads a chapter in Spanish on a phone: voice, highlight, a tapped verse, pause, the range, resume', async () => {
    const context = await newContext(e2e.browser, { viewport: PHONE, locale: 'es-ES' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await withFakeSpeech(page, { msPerChar: 3 });
    await signUpMember(page, e2e.base, 'es');
    await waitForBibles(page, e2e.base);
    const verses = await chapterVerses(page, 'RV1909', 'John', 3);

    await page.goto(`${e2e.base}/bible?t=RV1909&b=John&c=3`);
    await page.getByRole('heading', { name: /Juan 3/ }).waitFor();
    // No player code until the button is pressed.
    expect(await page.locator('#listen-player').count()).toBe(0);
    await page.getByRole('button', { name: 'Escuchar', exact: true }).click();
    const player = page.getByRole('region', { name: 'Reproductor de audio' });
    await player.waitFor();
    await player.getByText('Juan 3 · RV1909').waitFor();
    await expect.poll(async () => (await started(page)).length).toBeGreaterThan(2);
    const first = await started(page);
    // The chapter announced as said aloud, then its verses, with the best Spanish voice.
    expect(first[0]).toMatchObject({
      text: 'Juan, capítulo tres.',
      lang: 'es-MX',
      voice: 'Fake Español (México)',
      rate: 1,
    });
    expect(first[1]!.text).toBe(utterances(verses[0]!.text, 'es')[0]);
    // The verse being read is highlighted.
    await page.locator('[data-listening="true"][id^="v-John.3."]').waitFor();

    // A tap on verse 16 reads from there: 16, 17, … each once, in order.
    await setSpeed(page, 20);
    const verse16 = utterances(verses[15]!.text, 'es')[0];
    await page.locator('#v-John\\.3\\.16 button').click();
    await page.locator('[data-listening="true"]#v-John\\.3\\.16').waitFor();
    await expect.poll(async () => (await started(page)).some((e) => e.text === verse16)).toBe(true);
    // Kept in view: below the header, above the player bar.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const verse = document.querySelector('[data-listening="true"]')!.getBoundingClientRect();
          const bar = document.querySelector('#listen-player > section')!.getBoundingClientRect();
          return verse.top >= 64 && verse.bottom <= bar.top;
        }),
      )
      .toBe(true);
    // The tap did not select the verse (no selection toolbar).
    expect(await page.getByRole('toolbar').count()).toBe(0);
    await expectAccessible(page, 'listen player (es, phone)');
    await screenshots(page, 'listen-player-es-phone');

    // Space in the player pauses; nothing more is read; Space plays on from the same verse.
    await player.getByRole('button', { name: 'Pausar' }).focus();
    await page.keyboard.press('Space');
    await player.getByRole('button', { name: 'Reproducir' }).waitFor();
    const paused = (await speechLog(page)).length;
    await page.waitForTimeout(300);
    expect((await speechLog(page)).length).toBe(paused);
    const where = await page.locator('[data-listening="true"]').getAttribute('id');
    await page.keyboard.press('Space');
    await player.getByRole('button', { name: 'Pausar' }).waitFor();
    await setSpeed(page, 1);

    // Heard to the end of the chapter: it stops there (the default), each verse once.
    await player.getByText('Terminado. Pulsa reproducir para escucharlo de nuevo.').waitFor();
    const log = await speechLog(page);
    const tapped = log.findIndex((e) => e.event === 'start' && e.text === verse16);
    const ends = log
      .slice(tapped)
      .filter((e) => e.event === 'end')
      .map((e) => e.text);
    // From the tapped verse to the end, each utterance heard once and in order (the pause
    // interrupted one, which was read again from its start, never twice to its end).
    expect(ends).toEqual(verses.slice(15).flatMap((v) => utterances(v.text, 'es')));
    expect(where).toMatch(/^v-John\.3\.(1[6-9]|[2-3]\d)$/);

    // A range: verses 1 to 3 only.
    await player.getByRole('button', { name: 'Opciones de escucha' }).click();
    await player.getByLabel('Al terminar el capítulo').selectOption('range');
    await player.getByLabel('Desde').selectOption({ label: 'Juan 3:1' });
    await player.getByLabel('Hasta').selectOption({ label: 'Juan 3:3' });
    await clearLog(page);
    await player.getByRole('button', { name: 'Reproducir' }).click();
    await player.getByText('Fin de los versículos elegidos.').waitFor();
    const rangeText = (await speechLog(page))
      .filter((e) => e.event === 'end')
      .map((e) => e.text)
      .join(' ');
    expect(rangeText).toBe(
      verses
        .slice(0, 3)
        .flatMap((v) => utterances(v.text, 'es'))
        .join(' '),
    );
    await screenshots(page, 'listen-player-options-es-phone');

    // Speed remembered; the place kept: after a reload the reader offers to continue there.
    await player.getByLabel('Velocidad').selectOption('1.5');
    await page.reload();
    await page.getByRole('heading', { name: /Juan 3/ }).waitFor();
    const resume = page.getByRole('button', { name: 'Seguir escuchando en Juan 3:3' });
    await resume.waitFor();
    await clearLog(page);
    await resume.click();
    await expect
      .poll(async () => (await started(page))[0]?.text)
      .toBe(utterances(verses[2]!.text, 'es')[0]);
    expect((await started(page))[0]!.rate).toBe(1.5);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stops at the sleep timer’s end, fading out, and keeps the place', async () => {
    const context = await newContext(e2e.browser, { viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await withFakeSpeech(page, { msPerChar: 30 });
    await page.clock.install();
    await signUpMember(page, e2e.base, 'en');
    await waitForBibles(page, e2e.base);
    await page.goto(`${e2e.base}/bible?t=KJV&b=Ps&c=119`);
    await page.getByRole('heading', { name: /Psalm 119/ }).waitFor();
    await page.getByRole('button', { name: 'Listen', exact: true }).click();
    const player = page.getByRole('region', { name: 'Audio player' });
    await player.getByText('Psalm 119 · KJV').waitFor();
    await player.getByRole('button', { name: 'Listening options' }).click();
    await player.getByLabel('Sleep timer').selectOption('15');
    await player.getByText(/^Stops at .*, fading out\.$/).waitFor();
    await expect.poll(async () => (await started(page)).length).toBeGreaterThan(0);
    expect((await started(page)).at(-1)!.volume).toBe(1);

    // 14 min 45 s later: fading (each new utterance quieter).
    await page.clock.fastForward('14:45');
    await player.getByText('Fading out…').waitFor();
    await expect.poll(async () => (await started(page)).at(-1)!.volume).toBeLessThan(1);
    await page.clock.fastForward('00:20');
    await player.getByText('The sleep timer stopped the reading. Your place is kept.').waitFor();
    await player.getByRole('button', { name: 'Play', exact: true }).waitFor();
    const count = (await speechLog(page)).length;
    await page.clock.fastForward('01:00');
    expect((await speechLog(page)).length).toBe(count);
    const label = await page.locator('[data-listening="true"]').getAttribute('id');
    const verse = label!.split('.').at(-1);
    await screenshots(page, 'listen-player-sleep-en-desktop');
    await expectAccessible(page, 'listen player (en, desktop)');

    // The place is kept: the next visit offers it.
    await page.reload();
    await page.getByRole('button', { name: `Continue listening at Psalm 119:${verse}` }).waitFor();
    await context.close();
  });

  it('counts today’s reading as read once heard to its end, not a lesson; Reina-Valera in English is read in Spanish', async () => {
    const context = await newContext(e2e.browser, { viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await withFakeSpeech(page, { msPerChar: 0.3 });
    await signUpMember(page, e2e.base, 'en');
    await waitForBibles(page, e2e.base);
    const start = await page.request.post(`${e2e.base}/api/reading-plans/gospels/start`, {
      data: { duration: 90 },
    });
    expect(start.ok()).toBe(true);
    await page.goto(`${e2e.base}/daily-reading`);
    await page.getByRole('heading', { name: /Day 1 of 90/ }).waitFor();
    await page.getByRole('button', { name: 'Listen', exact: true }).click();
    await page.getByRole('region', { name: 'Audio player' }).waitFor();
    // Heard to the end: marked read, as the button would (the same toast, streaks and goals).
    await page
      .getByText(/Day 1 done/)
      .first()
      .waitFor({ timeout: 60_000 });
    const plans = (await (await page.request.get(`${e2e.base}/api/reading-plans`)).json()) as {
      active: { readToday: boolean };
    };
    expect(plans.active.readToday).toBe(true);
    const log = await started(page);
    expect(log[0]!.text).toMatch(/^Matthew one/);
    expect(new Set(log.map((e) => e.lang))).toEqual(new Set(['en-US']));

    // The Reina-Valera in the English interface: a Spanish voice, Spanish book names.
    await clearLog(page);
    await page.goto(`${e2e.base}/bible?t=RV1909&b=1Cor&c=13`);
    await page.getByRole('heading', { name: /1 Corinthians 13/ }).waitFor();
    await page.getByRole('button', { name: 'Listen', exact: true }).click();
    await expect
      .poll(async () => (await started(page))[0]?.text)
      .toBe('Primera de Corintios, capítulo trece.');
    expect((await started(page))[0]!.lang).toBe('es-MX');

    // A lesson heard to its end is not completed by it: the practice response still does that.
    await page.goto(`${e2e.base}/lesson/101-1`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await clearLog(page);
    await setSpeed(page, 4);
    await page.getByRole('button', { name: 'Listen', exact: true }).click();
    const player = page.getByRole('region', { name: 'Audio player' });
    // A paragraph being read is highlighted; away to the course and back (the player reads on),
    // the lesson's new page highlights it again.
    const reading = page.locator('[data-listening="true"][data-listen-seg]');
    await reading.waitFor();
    await page.getByRole('link', { name: 'Back to course' }).click();
    await page.getByRole('heading', { level: 1, name: /Christianity 101/ }).waitFor();
    await player.waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Who Is God?' }).waitFor();
    await reading.waitFor();
    await setSpeed(page, 0.3);
    await player.getByText('Finished. Press play to hear it again.').waitFor({ timeout: 60_000 });
    const read = (await started(page)).map((e) => e.text).join(' ');
    expect(read).toContain(await page.getByRole('heading', { level: 1 }).innerText());
    // Not the practice prompt nor the lesson's place in the course.
    expect(read).not.toContain('Lesson 1 of');
    const lesson = (await (await page.request.get(`${e2e.base}/api/lessons/101-1`)).json()) as {
      status: string;
    };
    expect(lesson.status).not.toBe('completed');
    await context.close();
  });

  it('reads the gospel page to a visitor, and says plainly when the device has no voice for the language', async () => {
    const context = await newContext(e2e.browser, { viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await withFakeSpeech(page, { voices: FAKE_VOICES.filter((v) => v.lang.startsWith('en')) });
    await page.goto(`${e2e.base}/gospel`);
    await page.getByRole('button', { name: 'Listen', exact: true }).click();
    const player = page.getByRole('region', { name: 'Audio player' });
    await player.getByText('The Good News').first().waitFor();
    // In the page's order: the eyebrow, the title, the introduction…
    await expect
      .poll(async () => (await started(page)).slice(0, 2).map((e) => e.text))
      .toEqual(['Good news for you', 'The Good News']);
    expect((await started(page))[0]!.voice).toBe('Fake English (US)');
    await screenshots(page, 'listen-gospel-en-desktop');

    await context.close();

    // In Spanish, with English voices only: the player says what to install.
    const spanish = await newContext(e2e.browser, { viewport: PHONE, locale: 'es-ES' });
    const visitor = await spanish.newPage();
    await withFakeSpeech(visitor, { voices: FAKE_VOICES.filter((v) => v.lang.startsWith('en')) });
    await visitor.goto(`${e2e.base}/gospel`);
    await visitor.getByRole('heading', { level: 1, name: 'La buena noticia' }).waitFor();
    await visitor.getByRole('button', { name: 'Escuchar', exact: true }).click();
    const reproductor = visitor.getByRole('region', { name: 'Reproductor de audio' });
    await reproductor
      .getByText('Este dispositivo no tiene una voz en español para leer.')
      .waitFor();
    await reproductor.getByText(/Servicios de voz de Google/).waitFor();
    await reproductor.getByText(/Contenido leído/).waitFor();
    await expectAccessible(visitor, 'listen no voice (es)');
    await screenshots(visitor, 'listen-no-voice-es-phone');
    await spanish.close();
  });
});

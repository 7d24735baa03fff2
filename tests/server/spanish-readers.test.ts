import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, createUser, type TestApp } from '../helpers/app.ts';

/**
 * Spanish readers (issue 11): references stored canonically and named in the reader's language,
 * one rule for the default translation, and a study labelled with the text it showed.
 */
let t: TestApp;
const call = caller(() => t);
beforeAll(async () => {
  t = await createTestApp({ bibles: true });
});
afterAll(() => t.close());

describe('references in the reader’s language', () => {
  it('shows a study, a memory verse and a journal entry saved in English with Spanish names', async () => {
    const u = await createUser(t);
    const study = await call(u, 'POST', '/api/studies', {
      reference: 'Psalm 23',
      translation: 'KJV',
    });
    expect(study.statusCode).toBe(201);
    const verse = await call(u, 'POST', '/api/memory-verses', {
      reference: 'Matthew 28:19',
      category: 'faith',
    });
    expect(verse.statusCode).toBe(201);
    const entry = await call(u, 'POST', '/api/journal', {
      content: 'Go and make disciples.',
      scriptureReference: 'John 3:16',
      status: 'draft',
    });
    expect(entry.statusCode).toBe(201);

    const studyEs = await call(u, 'GET', `/api/studies/${study.json().id}`, undefined, 'es');
    expect(studyEs.json().reference).toBe('Salmo 23');
    const versesEs = await call(u, 'GET', '/api/memory-verses', undefined, 'es');
    expect(versesEs.json().items[0].reference).toBe('Mateo 28:19');
    const entryEs = await call(u, 'GET', `/api/journal/${entry.json().id}`, undefined, 'es');
    expect(entryEs.json().scriptureReference).toBe('Juan 3:16');
    // And back in English.
    const studyEn = await call(u, 'GET', `/api/studies/${study.json().id}`);
    expect(studyEn.json().reference).toBe('Psalm 23');
  });
});

describe('the translation shown', () => {
  it('labels a study with the translation whose text was shown (NKJV is read as KJV)', async () => {
    const u = await createUser(t);
    const study = await call(u, 'POST', '/api/studies', {
      reference: 'Psalm 23',
      translation: 'NKJV',
    });
    expect(study.statusCode).toBe(201);
    expect(study.json().translation).toBe('KJV');
    const moved = await call(u, 'PATCH', `/api/studies/${study.json().id}`, { translation: 'ESV' });
    expect(moved.json().translation).toBe('WEB');
  });

  it('gives a Spanish reader Reina-Valera 1909 by default, whatever the English preference', async () => {
    const u = await createUser(t);
    expect(
      (await call(u, 'PATCH', '/api/user/preferences', { bibleTranslation: 'WEB' })).statusCode,
    ).toBe(200);
    const es = await call(u, 'GET', '/api/bible/passage?ref=Juan%203:16', undefined, 'es');
    expect(es.json().translation).toBe('RV1909');
    const verse = await call(u, 'GET', '/api/bible/verse-of-the-day', undefined, 'es');
    expect(verse.json().translation).toBe('RV1909');
    const en = await call(u, 'GET', '/api/bible/passage?ref=John%203:16');
    expect(en.json().translation).toBe('WEB');
    // A translation picked for the page is shown as picked.
    const picked = await call(
      u,
      'GET',
      '/api/bible/passage?ref=Juan%203:16&translation=KJV',
      undefined,
      'es',
    );
    expect(picked.json().translation).toBe('KJV');
  });
});

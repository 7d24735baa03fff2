import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { memoryVerse } from '#server/db/schema.ts';
import { firstLetters, normaliseForTyping, typingAccuracy } from '#shared/schemas/memory.ts';
import { useTestApp } from '../helpers/app.ts';

const app = useTestApp({ bibles: true }, { member: {}, other: {} });
const call = app.call;

describe('memory verses', () => {
  it('adds a verse with its text in the reader language, due at once', async () => {
    const res = await call(
      app.member,
      'POST',
      '/api/memory-verses',
      { reference: 'Juan 3:16', category: 'salvation' },
      'es',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      reference: 'Juan 3:16',
      translation: 'RV1909',
      category: 'salvation',
      state: 'practice',
      due: true,
    });
    expect(res.json().text).toMatch(/^Porque de tal manera amó Dios/);
    const list = (await call(app.member, 'GET', '/api/memory-verses')).json();
    expect(list).toMatchObject({ total: 1, dueCount: 1 });
  });

  it('refuses duplicates, unknown references, long passages and bad categories with clear messages', async () => {
    const dup = await call(app.member, 'POST', '/api/memory-verses', {
      reference: 'John 3:16',
      category: 'love',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('That verse is already in your memory verses.');
    const unknown = await call(
      app.member,
      'POST',
      '/api/memory-verses',
      { reference: 'Nowhere 1:1', category: 'love' },
      'es',
    );
    expect(unknown.json()).toMatchObject({
      code: 'VERSE_NOT_FOUND',
      message: 'Versículo No Encontrado',
    });
    expect(
      (
        await call(app.member, 'POST', '/api/memory-verses', {
          reference: 'Psalm 119:1-20',
          category: 'hope',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(app.member, 'POST', '/api/memory-verses', {
          reference: 'Psalm 23:1',
          category: 'joy',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('schedules reviews with FSRS: again keeps it close, easy pushes it out', async () => {
    const added = (
      await call(app.member, 'POST', '/api/memory-verses', {
        reference: 'Philippians 4:13',
        category: 'strength',
      })
    ).json();
    const again = (
      await call(app.member, 'POST', `/api/memory-verses/${added.id}/review`, { rating: 'again' })
    ).json();
    const againDue = Date.parse(again.dueAt) - Date.now();
    expect(againDue).toBeLessThan(60 * 60 * 1000);
    expect(again.reviewCount).toBe(1);
    const easy = (
      await call(app.member, 'POST', `/api/memory-verses/${added.id}/review`, { rating: 'easy' })
    ).json();
    expect(Date.parse(easy.dueAt) - Date.now()).toBeGreaterThan(againDue);
    expect(easy.due).toBe(false);
    expect(
      (
        await call(app.member, 'POST', `/api/memory-verses/${added.id}/review`, {
          rating: 'perfect',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('marks a verse mastered once it is scheduled three weeks out', async () => {
    const added = (
      await call(app.member, 'POST', '/api/memory-verses', {
        reference: 'Romans 8:28',
        category: 'hope',
      })
    ).json();
    let verse = added;
    for (let i = 0; i < 6 && verse.state !== 'mastered'; i++) {
      // Pretend the review falls due, then remember it easily.
      await app.t.database.db
        .update(memoryVerse)
        .set({ dueAt: new Date(Date.now() - 1000) })
        .where(eq(memoryVerse.id, added.id));
      const [row] = await app.t.database.db
        .select()
        .from(memoryVerse)
        .where(eq(memoryVerse.id, added.id));
      const card = row!.card as { due: string; last_review?: string };
      const back = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
      await app.t.database.db
        .update(memoryVerse)
        .set({
          card: { ...card, due: back(0), ...(card.last_review ? { last_review: back(30) } : {}) },
        })
        .where(eq(memoryVerse.id, added.id));
      verse = (
        await call(app.member, 'POST', `/api/memory-verses/${added.id}/review`, { rating: 'easy' })
      ).json();
    }
    expect(verse.state).toBe('mastered');
  });

  it("keeps another member's verses out of reach (404)", async () => {
    const mine = (await call(app.member, 'GET', '/api/memory-verses')).json().items[0];
    expect(
      (await call(app.other, 'POST', `/api/memory-verses/${mine.id}/review`, { rating: 'good' }))
        .statusCode,
    ).toBe(404);
    expect((await call(app.other, 'DELETE', `/api/memory-verses/${mine.id}`)).statusCode).toBe(404);
    expect((await call(app.other, 'GET', '/api/memory-verses')).json().total).toBe(0);
    expect((await call(app.member, 'DELETE', `/api/memory-verses/${mine.id}`)).statusCode).toBe(
      204,
    );
  });

  it('filters by category', async () => {
    const res = (await call(app.member, 'GET', '/api/memory-verses?category=strength')).json();
    expect(res.items.every((v: { category: string }) => v.category === 'strength')).toBe(true);
    expect((await call(app.member, 'GET', '/api/memory-verses?category=joy')).statusCode).toBe(400);
  });
});

describe('memory verses in both languages (issue 26)', () => {
  it('keeps the pair in the other language through the verse map', async () => {
    const juan = (
      await call(
        app.member,
        'POST',
        '/api/memory-verses',
        { reference: 'Juan 3:16', category: 'salvation' },
        'es',
      )
    ).json();
    expect(juan.pair).toMatchObject({ translation: 'KJV', language: 'en', reference: 'Juan 3:16' });
    expect(juan.pair.text).toMatch(/^For God so loved the world/);
    expect(juan.practiceIn).toBe('own');
    // Numbers 12:16 of the KJV is the RV1909's 13:1: the pair says the same words, named in
    // the interface language.
    const num = (
      await call(app.member, 'POST', '/api/memory-verses', {
        reference: 'Numbers 12:16',
        category: 'faith',
        translation: 'KJV',
      })
    ).json();
    expect(num.pair).toMatchObject({
      translation: 'RV1909',
      language: 'es',
      reference: 'Numbers 13:1',
    });
    expect(num.pair.text).toMatch(/Haseroth/);
  });

  it('practises a verse in its pair or both, finding the pair of a verse kept before pairs', async () => {
    const list = (await call(app.member, 'GET', '/api/memory-verses')).json();
    const verse = list.items.find((v: { osis: string }) => v.osis === 'John.3.16');
    await app.t.database.db
      .update(memoryVerse)
      .set({ pairTranslation: null, pairOsis: null, pairText: null })
      .where(eq(memoryVerse.id, verse.id));
    const before = (await call(app.member, 'GET', '/api/memory-verses')).json();
    expect(before.items.find((v: { id: string }) => v.id === verse.id).pair).toBeNull();
    const both = await call(app.member, 'PATCH', `/api/memory-verses/${verse.id}`, {
      practiceIn: 'both',
    });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({ practiceIn: 'both', pair: { translation: 'KJV' } });
    const own = await call(app.member, 'PATCH', `/api/memory-verses/${verse.id}`, {
      practiceIn: 'own',
    });
    expect(own.json()).toMatchObject({ practiceIn: 'own', pair: { translation: 'KJV' } });
    const bad = await call(
      app.member,
      'PATCH',
      `/api/memory-verses/${verse.id}`,
      { practiceIn: 'french' },
      'es',
    );
    expect(bad.statusCode).toBe(400);
    expect(
      (await call(app.other, 'PATCH', `/api/memory-verses/${verse.id}`, { practiceIn: 'pair' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('practice helpers', () => {
  it('compare typed verses ignoring punctuation, case and accents', () => {
    expect(normaliseForTyping('¡JEHOVÁ es mi pastor; nada me faltará!')).toBe(
      'jehova es mi pastor nada me faltara',
    );
    expect(
      typingAccuracy(
        'The LORD is my shepherd; I shall not want.',
        'the lord is my shepherd i shall not want',
      ),
    ).toBe(1);
    expect(
      typingAccuracy('The LORD is my shepherd; I shall not want.', 'the lord is my shepherd'),
    ).toBeCloseTo(5 / 9);
    expect(typingAccuracy('abc', '')).toBe(0);
  });

  it('reduce words to their first letters', () => {
    expect(firstLetters('For God so loved the world,')).toBe('F G s l t w,');
    expect(firstLetters('Todo lo puedo en Cristo')).toBe('T l p e C');
  });
});

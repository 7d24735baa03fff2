import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const app = useTestApp({ bibles: true }, { member: {}, other: {} });
const call = app.call;

describe('library: sermons', () => {
  it('lists the sermon studies by series in each language, with search and filters', async () => {
    const en = (await call(app.member, 'GET', '/api/library/sermons')).json();
    expect(en.series.length).toBeGreaterThanOrEqual(4);
    expect(en.total).toBeGreaterThanOrEqual(16);
    expect(en.items).toHaveLength(en.total);
    const mount = en.items.find((s: { id: string }) => s.id === 'the-beatitudes');
    expect(mount).toMatchObject({ series: 'sermon-on-the-mount', order: 1, read: false });
    expect(mount.mainText).toMatch(/^Matthew 5/);

    const es = (await call(app.member, 'GET', '/api/library/sermons', undefined, 'es')).json();
    const mountEs = es.items.find((s: { id: string }) => s.id === mount.id);
    expect(mountEs.mainText).toMatch(/^Mateo 5/);
    expect(mountEs.title).not.toBe(mount.title);
    expect(es.series[0].title).not.toBe(en.series[0].title);

    const bySeries = (
      await call(app.member, 'GET', '/api/library/sermons?series=sermon-on-the-mount')
    ).json();
    expect(bySeries.items.length).toBeGreaterThan(0);
    expect(
      bySeries.items.every((s: { series: string }) => s.series === 'sermon-on-the-mount'),
    ).toBe(true);

    const byTopic = (await call(app.member, 'GET', '/api/library/sermons?topic=prayer')).json();
    expect(byTopic.items.length).toBeGreaterThan(0);
    expect(byTopic.items.every((s: { topics: string[] }) => s.topics.includes('prayer'))).toBe(
      true,
    );
    expect(byTopic.total).toBeLessThan(en.total);

    // Accents and case are ignored: "nicodemo" finds "Nicodemo" in Spanish.
    const search = (
      await call(app.member, 'GET', '/api/library/sermons?q=NICODEMO', undefined, 'es')
    ).json();
    expect(search.items.map((s: { id: string }) => s.id)).toContain('nicodemus-by-night');
    const none = (await call(app.member, 'GET', '/api/library/sermons?q=zzzqqq')).json();
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('shows a sermon study with its Scripture text in the reader’s language and translation', async () => {
    const en = await call(app.member, 'GET', '/api/library/sermons/nicodemus-by-night');
    expect(en.statusCode).toBe(200);
    const s = en.json();
    expect(s.mainText.reference).toMatch(/^John 3/);
    expect(s.mainText.translation).toBe('KJV'); // NKJV (the default) falls back to KJV
    expect(s.mainText.text).toMatch(/Nicodemus/);
    expect(s.outline.length).toBeGreaterThanOrEqual(3);
    expect(s.outline[0].references[0].text).toEqual(expect.any(String));
    expect(s.bodyHtml).toMatch(/<h2>/);
    expect(s.bodyHtml).not.toMatch(/^## /m);
    expect(s.applicationQuestions.length).toBeGreaterThanOrEqual(3);

    const es = (
      await call(app.member, 'GET', '/api/library/sermons/nicodemus-by-night', undefined, 'es')
    ).json();
    expect(es.mainText.reference).toMatch(/^Juan 3/);
    expect(es.mainText.translation).toBe('RV1909');
    expect(es.mainText.text).toMatch(/Nicodemo/);
    expect(es.title).not.toBe(s.title);
  });

  it('links a sermon to the next and previous ones of its series', async () => {
    const first = (await call(app.member, 'GET', '/api/library/sermons/the-beatitudes')).json();
    expect(first.previous).toBeNull();
    expect(first.next).toMatchObject({ id: expect.any(String), title: expect.any(String) });
    const second = (await call(app.member, 'GET', `/api/library/sermons/${first.next.id}`)).json();
    expect(second.previous.id).toBe(first.id);
    expect(second.series).toBe(first.series);
  });

  it('answers 404 for an unknown sermon and 400 for a bad filter, translated', async () => {
    const missing = await call(
      app.member,
      'GET',
      '/api/library/sermons/no-such-sermon',
      undefined,
      'es',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/no (se )?encontr/i);
    const bad = await call(
      app.member,
      'GET',
      '/api/library/sermons?topic=cooking',
      undefined,
      'es',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).not.toMatch(/cooking|enum/i);
    const badId = await call(app.member, 'GET', '/api/library/sermons/Not%20A%20Slug');
    expect(badId.statusCode).toBe(400);
  });

  it('lists the historic sermons with an era filter and search by preacher', async () => {
    const all = (await call(app.member, 'GET', '/api/library/historic-sermons')).json();
    expect(all.total).toBeGreaterThanOrEqual(20);
    const edwards = all.items.find((h: { preacher: string }) => /Edwards/.test(h.preacher));
    expect(edwards).toMatchObject({ year: 1741, era: 'modern' });
    expect(edwards.text).toMatch(/^Deuteronomy 32/);
    const es = (
      await call(app.member, 'GET', '/api/library/historic-sermons?q=edwards', undefined, 'es')
    ).json();
    expect(es.items.length).toBeGreaterThan(0);
    expect(es.items[0].text).toMatch(/^Deuteronomio 32/);
    // Names in the reader's language, found by either name.
    for (const q of ['lutero', 'luther']) {
      const found = (
        await call(app.member, 'GET', `/api/library/historic-sermons?q=${q}`, undefined, 'es')
      ).json();
      expect(found.items.map((h: { preacher: string }) => h.preacher)).toContain('Martín Lutero');
    }
    const reformation = (
      await call(app.member, 'GET', '/api/library/historic-sermons?era=reformation')
    ).json();
    expect(reformation.items.length).toBeGreaterThan(0);
    expect(reformation.items.every((h: { era: string }) => h.era === 'reformation')).toBe(true);
  });
});

describe('library: books, heroes, resources and links', () => {
  it('lists the books with category and level filters in both languages', async () => {
    const en = (await call(app.member, 'GET', '/api/library/books')).json();
    expect(en.total).toBeGreaterThanOrEqual(30);
    const beginners = (
      await call(app.member, 'GET', '/api/library/books?level=beginner&category=apologetics')
    ).json();
    expect(beginners.items.length).toBeGreaterThan(0);
    expect(
      beginners.items.every(
        (b: { level: string; category: string }) =>
          b.level === 'beginner' && b.category === 'apologetics',
      ),
    ).toBe(true);
    const es = (await call(app.member, 'GET', '/api/library/books', undefined, 'es')).json();
    expect(es.items.map((b: { id: string }) => b.id)).toEqual(
      en.items.map((b: { id: string }) => b.id),
    );
    expect(es.items[0].summary).not.toBe(en.items[0].summary);
    const byAuthor = (await call(app.member, 'GET', '/api/library/books?q=bunyan')).json();
    expect(byAuthor.items.length).toBeGreaterThan(0);
    expect(byAuthor.items.every((b: { author: string }) => /Bunyan/.test(b.author))).toBe(true);
    const calvino = (
      await call(app.member, 'GET', '/api/library/books?q=calvin', undefined, 'es')
    ).json();
    expect(calvino.items.map((b: { author: string }) => b.author)).toContain('Juan Calvino');
  });

  it('lists heroes by birth with era, region and topic filters, and shows one', async () => {
    const all = (await call(app.member, 'GET', '/api/library/heroes')).json();
    expect(all.total).toBeGreaterThanOrEqual(30);
    const latin = (
      await call(app.member, 'GET', '/api/library/heroes?region=latin-america', undefined, 'es')
    ).json();
    expect(latin.items.length).toBeGreaterThan(0);
    expect(latin.items.every((h: { region: string }) => h.region === 'latin-america')).toBe(true);
    const reina = (
      await call(
        app.member,
        'GET',
        '/api/library/heroes?q=casiodoro&era=reformation',
        undefined,
        'es',
      )
    ).json();
    expect(reina.items.map((h: { id: string }) => h.id)).toContain('casiodoro-de-reina');
    expect(reina.items.every((h: { era: string }) => h.era === 'reformation')).toBe(true);
    // An entry on two people gives each one's dates.
    const elliot = all.items.find((h: { id: string }) => h.id === 'jim-and-elisabeth-elliot');
    expect(elliot.lives).toEqual([
      { name: 'Jim', born: 1927, died: 1956 },
      { name: 'Elisabeth', born: 1926, died: 2015 },
    ]);
    expect(all.items.find((h: { id: string }) => h.id === 'casiodoro-de-reina').lives).toBeNull();
    const asiaMinor = (
      await call(app.member, 'GET', '/api/library/heroes?region=asia-minor')
    ).json();
    expect(asiaMinor.items.map((h: { id: string }) => h.id)).toEqual(['polycarp-of-smyrna']);

    const hero = (
      await call(app.member, 'GET', '/api/library/heroes/casiodoro-de-reina', undefined, 'es')
    ).json();
    expect(hero.keyVerse.reference).toMatch(/^Isaías 40:8/);
    expect(hero.keyVerse.text).toMatch(/palabra/i);
    expect(hero.lessons.length).toBeGreaterThanOrEqual(3);
    expect(hero.reflectionQuestions.length).toBeGreaterThanOrEqual(3);
    expect(hero.previous ?? hero.next).not.toBeNull();
  });

  it('lists the guides in order and shows one with its steps, Scripture and app links', async () => {
    const list = (await call(app.member, 'GET', '/api/library/resources')).json();
    expect(list.total).toBeGreaterThanOrEqual(6);
    expect(list.items.map((r: { order: number }) => r.order)).toEqual(
      list.items.map((_: unknown, i: number) => i + 1),
    );
    const guide = (
      await call(app.member, 'GET', '/api/library/resources/how-to-read-the-bible', undefined, 'es')
    ).json();
    expect(guide.steps.length).toBeGreaterThanOrEqual(3);
    expect(guide.scriptures[0]).toMatchObject({ translation: 'RV1909', text: expect.any(String) });
    expect(guide.tools[0].path).toMatch(/^\//);
    const prayer = (await call(app.member, 'GET', '/api/library/resources?topic=prayer')).json();
    expect(prayer.items.every((r: { topics: string[] }) => r.topics.includes('prayer'))).toBe(true);
  });

  it('lists external links by kind, https only', async () => {
    const all = (await call(app.member, 'GET', '/api/library/links', undefined, 'es')).json();
    expect(all.total).toBeGreaterThan(0);
    expect(all.items.every((l: { url: string }) => l.url.startsWith('https://'))).toBe(true);
    const videos = (await call(app.member, 'GET', '/api/library/links?kind=video-channel')).json();
    expect(videos.items.every((l: { kind: string }) => l.kind === 'video-channel')).toBe(true);
  });

  it('is for members only', async () => {
    const res = await app.t.app.inject({ method: 'GET', url: '/api/library/sermons' });
    expect(res.statusCode).toBe(401);
  });
});

describe('library: read marks', () => {
  it('marks an item read and not read, per member', async () => {
    const put = await call(app.member, 'PUT', '/api/library/read/hero/william-carey', {
      read: true,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ kind: 'hero', id: 'william-carey', read: true });
    // Twice is the same as once.
    await call(app.member, 'PUT', '/api/library/read/hero/william-carey', { read: true });
    const heroes = (await call(app.member, 'GET', '/api/library/heroes')).json();
    const carey = heroes.items.find((h: { id: string }) => h.id === 'william-carey');
    expect(carey.read).toBe(true);
    expect(heroes.items.filter((h: { read: boolean }) => h.read)).toHaveLength(1);
    expect((await call(app.member, 'GET', '/api/library/heroes/william-carey')).json().read).toBe(
      true,
    );
    // Another member's marks are their own.
    const other = (await call(app.other, 'GET', '/api/library/heroes/william-carey')).json();
    expect(other.read).toBe(false);

    await call(app.member, 'PUT', '/api/library/read/sermon/nicodemus-by-night', { read: true });
    await call(app.member, 'PUT', '/api/library/read/resource/how-to-pray-with-a-prayer-list', {
      read: true,
    });
    const sermons = (await call(app.member, 'GET', '/api/library/sermons')).json();
    expect(
      sermons.items.filter((s: { read: boolean }) => s.read).map((s: { id: string }) => s.id),
    ).toEqual(['nicodemus-by-night']);
    const guides = (await call(app.member, 'GET', '/api/library/resources')).json();
    expect(guides.items.filter((r: { read: boolean }) => r.read)).toHaveLength(1);

    await call(app.member, 'PUT', '/api/library/read/hero/william-carey', { read: false });
    expect((await call(app.member, 'GET', '/api/library/heroes/william-carey')).json().read).toBe(
      false,
    );
  });

  it('refuses unknown items and kinds and a missing body', async () => {
    expect(
      (await call(app.member, 'PUT', '/api/library/read/hero/nobody', { read: true })).statusCode,
    ).toBe(404);
    expect(
      (await call(app.member, 'PUT', '/api/library/read/book/mere-christianity', { read: true }))
        .statusCode,
    ).toBe(400);
    const bad = await call(app.member, 'PUT', '/api/library/read/hero/william-carey', {}, 'es');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
  });
});

describe('favorite verses', () => {
  it('saves a verse with its text in the reader’s language, lists and removes it', async () => {
    const saved = await call(
      app.member,
      'POST',
      '/api/favorite-verses',
      { reference: 'Jn 3:16' },
      'es',
    );
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({
      reference: 'Juan 3:16',
      osis: 'John.3.16',
      translation: 'RV1909',
    });
    expect(saved.json().text).toMatch(/^Porque de tal manera amó Dios/);
    const en = await call(app.member, 'POST', '/api/favorite-verses', {
      reference: 'Psalm 23:1-2',
      translation: 'WEB',
    });
    expect(en.json()).toMatchObject({ reference: 'Psalm 23:1-2', translation: 'WEB' });

    const list = (await call(app.member, 'GET', '/api/favorite-verses')).json();
    expect(list.total).toBe(2);
    expect(list.items[0].reference).toBe('Psalm 23:1-2'); // newest first
    expect((await call(app.other, 'GET', '/api/favorite-verses')).json().total).toBe(0);

    // Another member cannot remove it.
    const id = saved.json().id;
    expect((await call(app.other, 'DELETE', `/api/favorite-verses/${id}`)).statusCode).toBe(404);
    expect((await call(app.member, 'DELETE', `/api/favorite-verses/${id}`)).statusCode).toBe(204);
    expect((await call(app.member, 'DELETE', `/api/favorite-verses/${id}`)).statusCode).toBe(404);
    expect((await call(app.member, 'GET', '/api/favorite-verses')).json().total).toBe(1);
  });

  it('says when a verse is already a favorite, unknown, or too long; saves nothing then', async () => {
    await call(app.other, 'POST', '/api/favorite-verses', { reference: 'Romans 8:28' });
    const again = await call(
      app.other,
      'POST',
      '/api/favorite-verses',
      { reference: 'Romanos 8:28' },
      'es',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este versículo ya está en tus favoritos.');
    const unknown = await call(
      app.other,
      'POST',
      '/api/favorite-verses',
      { reference: 'Nope 1:1' },
      'es',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Versículo No Encontrado');
    const long = await call(app.other, 'POST', '/api/favorite-verses', { reference: 'Psalm 119' });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('A favorite can have at most 10 verses.');
    const empty = await call(app.other, 'POST', '/api/favorite-verses', { reference: ' ' }, 'es');
    expect(empty.statusCode).toBe(400);
    expect((await call(app.other, 'GET', '/api/favorite-verses')).json().total).toBe(1);
  });

  it('lists each favorite in the reader’s language and translation, whatever it was saved in', async () => {
    await call(app.member, 'POST', '/api/favorite-verses', {
      reference: 'Romans 12:21',
      translation: 'WEB',
    });
    await call(app.member, 'POST', '/api/favorite-verses', { reference: 'Juan 3:16' }, 'es');
    type Listed = { osis: string; reference: string; translation: string; text: string };
    const byOsis = (items: Listed[]) => Object.fromEntries(items.map((i) => [i.osis, i]));

    // Read in Spanish: the place in Spanish, the text of the Reina-Valera 1909.
    const es = byOsis(
      (await call(app.member, 'GET', '/api/favorite-verses', undefined, 'es')).json().items,
    );
    expect(es['Rom.12.21']).toMatchObject({ reference: 'Romanos 12:21', translation: 'RV1909' });
    expect(es['Rom.12.21']!.text).toMatch(/^No seas vencido de lo malo/);
    expect(es['Ps.23.1-Ps.23.2']).toMatchObject({
      reference: 'Salmo 23:1-2',
      translation: 'RV1909',
    });
    expect(es['John.3.16']!.text).toMatch(/^Porque de tal manera amó Dios/);

    // Read in English: a verse saved in Spanish comes in the reader's translation (NKJV, the
    // default, falls back to the KJV); one saved in an English translation keeps it.
    const en = byOsis((await call(app.member, 'GET', '/api/favorite-verses')).json().items);
    expect(en['John.3.16']).toMatchObject({ reference: 'John 3:16', translation: 'KJV' });
    expect(en['John.3.16']!.text).toMatch(/^For God so loved the world/);
    expect(en['Rom.12.21']).toMatchObject({ reference: 'Romans 12:21', translation: 'WEB' });
    expect(en['Rom.12.21']!.text).toMatch(/^Don’t be overcome by evil|^Don't be overcome by evil/);
  });
});

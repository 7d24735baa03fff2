import { beforeAll, describe, expect, it } from 'vitest';
import { ContentError, readLibrary, type Library } from '#server/library/content.ts';
import { parseReference } from '#server/bible/reference.ts';
import { countWords } from '#shared/schemas/course.ts';
import { ERAS, GOSPEL_SECTIONS, NEXT_STEPS } from '#shared/schemas/library.ts';

const LANGS = ['en', 'es'] as const;

/** content/library/FORMAT.md: the library in English and Spanish, in parity, references resolving. */
describe('library content', () => {
  let library: Library;
  // In a hook rather than at collection, so that invalid content fails these tests with its list
  // of problems while the validation tests below still run.
  beforeAll(() => {
    library = readLibrary();
  });

  it('has at least 16 sermon studies, in series numbered 1..n', () => {
    expect(library.sermons.length).toBeGreaterThanOrEqual(16);
    expect(library.series.length).toBeGreaterThanOrEqual(1);
    for (const series of library.series) {
      expect(series.sermons.map((s) => s.order)).toEqual(series.sermons.map((_, i) => i + 1));
      expect(series.sermons.every((s) => s.series === series.id)).toBe(true);
    }
    expect(library.sermons).toEqual(library.series.flatMap((s) => s.sermons));
    const beatitudes = library.sermons.find((s) => s.id === 'the-beatitudes');
    expect(beatitudes).toMatchObject({ series: 'sermon-on-the-mount', order: 1 });
    expect(beatitudes!.text.en.mainText).toBe(beatitudes!.text.es.mainText);
  });

  it('has at least 20 historic sermons', () => {
    expect(library.historicSermons.length).toBeGreaterThanOrEqual(20);
    const luther = library.historicSermons.find((s) => s.id === 'luther-invocavit-sermons');
    expect([luther?.text.en.preacher, luther?.text.es.preacher]).toEqual([
      'Martin Luther',
      'Martín Lutero',
    ]);
    for (const sermon of library.historicSermons) {
      expect(ERAS).toContain(sermon.era);
      expect(sermon.scripture).toBe(sermon.text.es.text);
    }
  });

  it('has at least 30 books, approximate years included', () => {
    expect(library.books.length).toBeGreaterThanOrEqual(30);
    expect(library.books.find((b) => b.id === 'confessions')).toMatchObject({
      year: 'c. 400',
      publicDomain: true,
    });
    // Each language names the author as its readers know them (FORMAT.md).
    const calvin = library.books.find((b) => b.id === 'institutes-of-the-christian-religion');
    expect([calvin?.text.en.author, calvin?.text.es.author]).toEqual([
      'John Calvin',
      'Juan Calvino',
    ]);
    expect(library.books.find((b) => b.id === 'confessions')?.text.es.author).toBe(
      'Agustín de Hipona',
    );
  });

  it('has at least 30 heroes, the Reina-Valera translators and Latin Americans among them', () => {
    expect(library.heroes.length).toBeGreaterThanOrEqual(30);
    const names = library.heroes.map((h) => h.text.es.name);
    expect(names).toContain('Casiodoro de Reina');
    expect(names).toContain('Cipriano de Valera');
    expect(library.heroes.find((h) => h.id === 'casiodoro-de-reina')).toMatchObject({
      born: 'c. 1520',
      died: 1594,
      era: 'reformation',
    });
    expect(
      library.heroes.filter((h) => h.region === 'latin-america').length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('has the facts right: each Elliot’s dates, Polycarp in Asia Minor, Padilla’s book and fellowship', () => {
    const elliot = library.heroes.find((h) => h.id === 'jim-and-elisabeth-elliot')!;
    for (const lang of LANGS)
      expect(elliot.text[lang].lives).toEqual([
        { name: 'Jim', born: 1927, died: 1956 },
        { name: 'Elisabeth', born: 1926, died: 2015 },
      ]);
    expect(library.heroes.find((h) => h.id === 'polycarp-of-smyrna')?.region).toBe('asia-minor');
    // The hero page: "Mission Between the Times (1985), published in Spanish as Misión integral (1986)".
    expect(library.books.find((b) => b.id === 'mision-integral')).toMatchObject({
      originalTitle: 'Mission Between the Times',
      year: 1985,
      spanishEdition: 'Misión integral',
    });
    const padilla = library.heroes.find((h) => h.id === 'rene-padilla')!;
    expect(padilla.text.en.body).toContain('*Mission Between the Times* (1985)');
    // One name for the fellowship he co-founded, in each language.
    const english = JSON.stringify(
      [library.books, library.heroes].map((l) => l.map((x) => x.text.en)),
    );
    const spanish = JSON.stringify(
      [library.books, library.heroes].map((l) => l.map((x) => x.text.es)),
    );
    expect(english).not.toMatch(/Theological Fraternity/);
    expect(english).toContain('Latin American Theological Fellowship');
    expect(spanish).toContain('Fraternidad Teológica Latinoamericana');
  });

  it('has the six practical guides, in order', () => {
    expect(library.resources.map((r) => [r.order, r.id])).toEqual([
      [1, 'how-to-read-the-bible'],
      [2, 'how-to-do-an-oia-study'],
      [3, 'how-to-pray-with-a-prayer-list'],
      [4, 'how-to-memorize-scripture'],
      [5, 'how-to-lead-a-small-group'],
      [6, 'how-to-share-your-faith'],
    ]);
    for (const guide of library.resources) expect(guide.tools.length).toBeGreaterThanOrEqual(1);
  });

  it('has the gospel page with its four sections and four next steps in both languages', () => {
    expect(library.gospel.sections.map((s) => s.id)).toEqual([...GOSPEL_SECTIONS]);
    expect(library.gospel.nextSteps).toEqual([...NEXT_STEPS]);
    for (const lang of LANGS) {
      const page = library.gospel.text[lang];
      expect(page.sections).toHaveLength(4);
      expect(page.nextSteps).toHaveLength(4);
      expect(page.description.length).toBeGreaterThanOrEqual(120);
      expect(page.description.length).toBeLessThanOrEqual(160);
    }
  });

  it('has external links with https urls in both languages', () => {
    expect(library.links.length).toBeGreaterThanOrEqual(10);
    for (const link of library.links)
      for (const lang of LANGS) expect(link.text[lang].url).toMatch(/^https:\/\//);
  });

  it('has every scripture reference resolve in the bundled Bible', () => {
    const refs: string[] = [
      ...library.sermons.flatMap((s) => [s.mainText, ...s.outlineReferences.flat()]),
      ...library.historicSermons.map((s) => s.scripture),
      ...library.heroes.map((h) => h.keyVerse),
      ...library.resources.flatMap((r) => r.scriptures),
      ...library.gospel.sections.flatMap((s) => s.scriptures),
    ];
    expect(refs.length).toBeGreaterThan(100);
    expect(refs.filter((ref) => !parseReference(ref, 'en'))).toEqual([]);
  });

  it('has bodies of the right length in each language', () => {
    const bad: string[] = [];
    const check = (id: string, body: string, min: number, max: number) => {
      const words = countWords(body);
      if (words < min || words > max) bad.push(`${id}: ${words}`);
    };
    for (const lang of LANGS) {
      for (const s of library.sermons) check(`${s.id}.${lang}`, s.text[lang].body, 800, 1500);
      for (const h of library.heroes) check(`${h.id}.${lang}`, h.text[lang].body, 600, 1000);
      for (const r of library.resources) check(`${r.id}.${lang}`, r.text[lang].body, 600, 1200);
    }
    expect(bad).toEqual([]);
  });
});

describe('library content validation', () => {
  it('names every problem: a missing translation, a reference differing, one not resolving', async () => {
    const { mkdtempSync, cpSync, rmSync, writeFileSync, readFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'library-'));
    const edit = (file: string, from: string, to: string) => {
      const path = join(dir, file);
      const source = readFileSync(path, 'utf8');
      expect(source).toContain(from);
      writeFileSync(path, source.replace(from, to));
    };
    try {
      cpSync(new URL('../../content/library', import.meta.url), dir, { recursive: true });
      rmSync(join(dir, 'heroes', 'john-newton.es.md'));
      edit('sermons/the-beatitudes.es.md', 'mainText: Matthew 5:1-12', 'mainText: Matthew 5:1-16');
      for (const lang of LANGS)
        edit(
          `heroes/casiodoro-de-reina.${lang}.md`,
          'keyVerse: Isaiah 40:8',
          'keyVerse: Isaiah 67:1',
        );

      let error: unknown;
      try {
        readLibrary(dir);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ContentError);
      const message = (error as Error).message;
      expect(message).toContain('heroes/john-newton.es.md is missing');
      expect(message).toContain('sermons/the-beatitudes: mainText differs between en and es');
      for (const lang of LANGS)
        expect(message).toContain(
          `heroes/casiodoro-de-reina.${lang}.md: keyVerse "Isaiah 67:1" does not resolve`,
        );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

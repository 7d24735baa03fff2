import { describe, expect, it } from 'vitest';
import { readCourses } from '#server/courses/content.ts';
import { parseReference } from '#server/bible/reference.ts';
import { countWords } from '#shared/schemas/course.ts';

/** DESIGN §4: 38 lessons in English and Spanish, in parity, with references that resolve. */
describe('course content', () => {
  const courses = readCourses();

  it('has the curriculum of DESIGN §4: 18 + 10 + 10 lessons, 101 free and the others premium', () => {
    expect(courses.map((c) => [c.id, c.lessons.length, c.premium])).toEqual([
      ['101', 18, false],
      ['202', 10, true],
      ['303', 10, true],
    ]);
    expect(courses.flatMap((c) => c.lessons).length).toBe(38);
    const heaven = courses[0]!.lessons[9]!;
    expect(heaven.id).toBe('101-10');
    expect(heaven.text.en.title).toBe('Heaven and Eternal Life');
    expect(heaven.text.es.title).toBe('El cielo y la vida eterna');
  });

  it('covers the five 303 tracks, two lessons each', () => {
    const tracks = courses[2]!.lessons.map((l) => l.track);
    for (const track of [
      'evangelism',
      'apologetics',
      'discipleship',
      'leadership',
      'eschatology',
    ]) {
      expect(tracks.filter((t) => t === track)).toHaveLength(2);
    }
    expect(courses[2]!.text.es.tracks?.find((t) => t.id === 'eschatology')?.name).toBe(
      'Panorama de la escatología',
    );
  });

  it('has every scripture reference resolve in the bundled Bible', () => {
    const bad: string[] = [];
    for (const lesson of courses.flatMap((c) => c.lessons)) {
      for (const ref of [lesson.keyScripture, ...lesson.additionalScriptures]) {
        if (!parseReference(ref, 'en')) bad.push(`${lesson.id}: ${ref}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('has a teaching of 500–1,000 words in each language', () => {
    for (const lesson of courses.flatMap((c) => c.lessons)) {
      for (const lang of ['en', 'es'] as const) {
        const words = countWords(lesson.text[lang].body);
        expect({ id: `${lesson.id}.${lang}`, ok: words >= 500 && words <= 1000 }).toEqual({
          id: `${lesson.id}.${lang}`,
          ok: true,
        });
      }
    }
  });

  it('fails loudly on a missing translation or an unbalanced lesson', async () => {
    const { mkdtempSync, cpSync, rmSync, writeFileSync, readFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'courses-'));
    try {
      cpSync(new URL('../../content/courses', import.meta.url), dir, { recursive: true });
      rmSync(join(dir, '202', '202-3.es.md'));
      const file = join(dir, '101', '101-2.es.md');
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(/keyScripture: .*/, 'keyScripture: Juan 3:16'),
      );
      expect(() => readCourses(dir)).toThrow(
        /101-2: keyScripture differs[\s\S]*202\/202-3\.es\.md is missing/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

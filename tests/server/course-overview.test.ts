import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coursesModuleData } from '../../scripts/build/courses.ts';
import { COURSES_DIR, readCourses } from '#server/courses/content.ts';
import en from '#shared/i18n/en.json' with { type: 'json' };
import es from '#shared/i18n/es.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree };
const strings = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string'
      ? [[`${prefix}${k}`, v] as [string, string]]
      : strings(v, `${prefix}${k}.`),
  );

/** Number words a course description may use for its count of lessons. */
const NUMBERS: Record<string, number> = {
  ten: 10,
  eighteen: 18,
  diez: 10,
  dieciocho: 18,
};

/**
 * /course-overview, the landing page and the Premium lists show the courses as content/courses
 * has them: the build reads the content (virtual:camino/courses) and the strings repeat no count
 * or description (tests/e2e/build-output.test.ts checks the prerendered pages).
 */
describe('the courses the public pages describe', () => {
  it('are read from content/courses: titles, descriptions, lesson counts, free or premium', () => {
    const data = coursesModuleData();
    const courses = readCourses();
    expect(data.COURSES).toEqual(
      courses.map((c) => ({
        id: c.id,
        premium: c.premium,
        lessons: c.lessons.length,
        text: {
          en: { title: c.text.en.title, description: c.text.en.description },
          es: { title: c.text.es.title, description: c.text.es.description },
        },
      })),
    );
    expect(data.LESSONS).toEqual({ '101': 18, '202': 10, '303': 10 });
    expect(data.TOTAL_LESSONS).toBe(38);
    expect(data.COURSE_TITLES.es['303']).toBe('Cristianismo 303: Liderazgo y misión');
  });

  it('change with the content: an edited description is what the module says', () => {
    const dir = mkdtempSync(join(tmpdir(), 'courses-'));
    try {
      cpSync(COURSES_DIR, dir, { recursive: true });
      const file = join(dir, '202', 'course.en.yaml');
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(
          /^description: .*$/m,
          'description: "A new description of Christianity 202, for believers who want to keep growing in Christ."',
        ),
      );
      expect(coursesModuleData(dir).COURSES[1]!.text.en.description).toMatch(/^A new description/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('have no lesson count or course description written into the strings', () => {
    const counted =
      /\b(?:\d{2,}|[2-9]|two|three|ten|eighteen|thirty-eight|dos|tres|diez|dieciocho|treinta y ocho)[ -](?:lessons|lecciones)\b/i;
    const found = [...strings(en as Tree), ...strings(es as Tree)]
      .filter(([, text]) => counted.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(found).toEqual([]);
    const descriptions = coursesModuleData().COURSES.flatMap((c) => [
      c.text.en.description,
      c.text.es.description,
    ]);
    for (const [key, text] of [...strings(en as Tree), ...strings(es as Tree)])
      expect({ key, description: descriptions.includes(text) }).toEqual({
        key,
        description: false,
      });
  });

  it('have descriptions whose own count of lessons is the content’s', () => {
    const wrong: string[] = [];
    for (const course of coursesModuleData().COURSES) {
      for (const lang of ['en', 'es'] as const) {
        const text = course.text[lang].description;
        for (const m of text.matchAll(/\b(\p{L}+)[ -](?:lessons?|lecciones)\b/giu)) {
          const said = NUMBERS[m[1]!.toLowerCase()];
          if (said !== undefined && said !== course.lessons)
            wrong.push(`${course.id}.${lang}: "${m[0]}" but ${course.lessons} lessons`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * Builds the bundled public-domain Bible data in content/bible/<code>.json.gz
 * from Debian's SWORD modules, read through `diatheke`.
 *
 *   apt-get install -y diatheke sword-text-kjv sword-text-web sword-text-sparv
 *   node --import tsx scripts/bible/build-data.ts [--out DIR]
 *
 * The output is deterministic: same modules in, same bytes out. The reading (diatheke, markup →
 * text) is in sword.ts, shared with build-strongs.ts.
 * See scripts/bible/README.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { applyCorrections } from './corrections.ts';
import { TRANSLATIONS, buildTranslation, checkModules, psalmNumbersWithTitles } from './sword.ts';

function main(): void {
  const here = dirname(fileURLToPath(import.meta.url));
  const outFlag = process.argv.indexOf('--out');
  const outDir =
    outFlag >= 0 && process.argv[outFlag + 1]
      ? resolve(process.argv[outFlag + 1] ?? '')
      : join(here, '..', '..', 'content', 'bible');

  checkModules(TRANSLATIONS);

  mkdirSync(outDir, { recursive: true });
  let kjvPsalmTitles: Set<number> | undefined;
  for (const t of TRANSLATIONS) {
    const { data, dropped } = buildTranslation(t, kjvPsalmTitles);
    if (t.file === 'kjv') kjvPsalmTitles = psalmNumbersWithTitles(data);
    // The reviewed corrections of scripts/bible/corrections.ts (typing errors, split words).
    const corrected = applyCorrections(data, 'build');

    const json = JSON.stringify(data);
    // zlib's gzip header carries no file name and mtime 0: output bytes depend on input only.
    const gz = gzipSync(Buffer.from(json, 'utf8'), { level: 9 });
    const file = join(outDir, `${t.file}.json.gz`);
    writeFileSync(file, gz);

    const chapters = data.books.reduce((n, b) => n + b.chapters.length, 0);
    const verses = data.books.reduce((n, b) => n + b.chapters.reduce((m, c) => m + c.length, 0), 0);
    console.log(
      `${t.code} (${t.module}): ${data.books.length} books, ${chapters} chapters, ${verses} verses, ` +
        `${data.gaps.length} gaps, ${Object.keys(data.titles).length} titles → ${file} (${gz.length} bytes)`,
    );
    if (data.gaps.length > 0) console.log(`  gaps: ${data.gaps.join(' ')}`);
    console.log(
      `  dropped: ${dropped.sectionHeadings} headings, ${dropped.speakers} speaker labels, ` +
        `${dropped.notes} notes, ${dropped.colophons.length} colophons`,
    );
    for (const c of dropped.colophons) console.log(`    colophon ${c}`);
    for (const c of corrected) console.log(`  corrected ${c.verse}: "${c.wrong}" → "${c.right}"`);
  }
}

main();

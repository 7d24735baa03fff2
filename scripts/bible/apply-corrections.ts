/**
 * Applies the reviewed corrections (scripts/bible/corrections.ts) to the shipped Bible files,
 * content/bible/<code>.json.gz, without the SWORD modules: the same change the build makes, so
 * a rebuild from the modules gives the same bytes. Files already corrected are left as they are.
 *
 *   node --import tsx scripts/bible/apply-corrections.ts [--dir DIR]
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { applyCorrections, type BibleText } from './corrections.ts';

const here = dirname(fileURLToPath(import.meta.url));
const dirFlag = process.argv.indexOf('--dir');
const dir =
  dirFlag >= 0 && process.argv[dirFlag + 1]
    ? resolve(process.argv[dirFlag + 1] ?? '')
    : join(here, '..', '..', 'content', 'bible');

for (const name of readdirSync(dir)
  .filter((f) => f.endsWith('.json.gz'))
  .sort()) {
  const file = join(dir, name);
  const json = gunzipSync(readFileSync(file)).toString('utf8');
  const data = JSON.parse(json) as BibleText;
  // Written back as build-data.ts writes it: the same JSON (key order kept), gzip level 9.
  if (JSON.stringify(data) !== json) throw new Error(`${name}: not as build-data.ts writes it`);
  const applied = applyCorrections(data, 'shipped');
  if (applied.length === 0) {
    console.log(`${name}: nothing to correct`);
    continue;
  }
  writeFileSync(file, gzipSync(Buffer.from(JSON.stringify(data), 'utf8'), { level: 9 }));
  for (const c of applied) console.log(`${name} ${c.verse}: "${c.wrong}" → "${c.right}"`);
}

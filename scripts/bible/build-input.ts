import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/**
 * What a build of bundled data from a staged source reads from its command line
 * (`<script> <input[.gz]> [--out DIR]`): the input's text, the folder to write to
 * (content/bible unless `--out`), and the KJV's verse counts per chapter, the numbering every
 * bundled file is checked against. Exits with the usage line when no input is given.
 */
export function buildInput(usage: string): {
  text: string;
  dir: string;
  kjvVerses: number[][];
} {
  const input = process.argv[2];
  if (!input) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  const outAt = process.argv.indexOf('--out');
  const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
  const dir = outAt > 0 ? process.argv[outAt + 1]! : join(root, 'content/bible');
  const raw = readFileSync(input);
  const text = (input.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  const kjv = JSON.parse(
    gunzipSync(readFileSync(join(root, 'content/bible/kjv.json.gz'))).toString('utf8'),
  ) as { books: { chapters: string[][] }[] };
  return { text, dir, kjvVerses: kjv.books.map((b) => b.chapters.map((c) => c.length)) };
}

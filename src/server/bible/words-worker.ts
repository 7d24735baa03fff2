/**
 * The word study's rows, built off the server's thread (bible/words.ts starts it): reading the
 * tagged texts, the Bibles and the dictionary (~8 MB of JSON) and counting every number's
 * renderings takes a few seconds of a core, which would hold up every request meanwhile. Sends
 * `{ verses }` and `{ words }` batches (each a JSON array of rows), then `{ done }` with counts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import type { BibleFile } from './data.ts';
import {
  readSpanishGlosses,
  readStrongsDictionary,
  readStrongsFile,
  wordStudyRows,
  type WordRow,
  type WordVerseRow,
} from './strongs.ts';

const { bibleDir, strongsDir, batch } = workerData as {
  bibleDir: string;
  strongsDir: string;
  batch: { verses: number; words: number };
};

const readBible = (code: string) =>
  JSON.parse(
    gunzipSync(readFileSync(join(bibleDir, `${code}.json.gz`))).toString('utf8'),
  ) as BibleFile;

const tagged = (['kjv', 'rv1909'] as const).map((code) => ({
  file: readStrongsFile(code, strongsDir),
  bible: readBible(code),
}));
const rows = wordStudyRows({
  tagged,
  dictionary: readStrongsDictionary(strongsDir),
  glosses: readSpanishGlosses(strongsDir),
});
let verses: WordVerseRow[] = [];
let words: WordRow[] = [];
let verseCount = 0;
let wordCount = 0;
for (const row of rows) {
  if ('verse' in row) {
    verses.push(row.verse);
    verseCount++;
    if (verses.length === batch.verses) {
      parentPort!.postMessage({ verses: JSON.stringify(verses) });
      verses = [];
    }
  } else {
    words.push(row.word);
    wordCount++;
    if (words.length === batch.words) {
      parentPort!.postMessage({ words: JSON.stringify(words) });
      words = [];
    }
  }
}
if (verses.length) parentPort!.postMessage({ verses: JSON.stringify(verses) });
if (words.length) parentPort!.postMessage({ words: JSON.stringify(words) });
parentPort!.postMessage({ done: { verses: verseCount, numbers: wordCount } });

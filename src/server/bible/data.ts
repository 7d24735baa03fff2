import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fromRoot } from '../paths.ts';

export const BIBLE_DIR = fromRoot('content/bible');

/** The shape of content/bible/<code>.json.gz (scripts/bible/build-data.ts writes it). */
export interface BibleFile {
  code: string;
  name: string;
  language: 'en' | 'es';
  source: string;
  books: { osis: string; chapters: string[][] }[];
  gaps: string[];
  titles: Record<string, string>;
  /** The translator's notes by verse (the VBL's); absent in the other files. */
  notes?: Record<string, string[]>;
}

export interface BundledBible {
  file: string;
  checksum: string;
  read(): BibleFile;
}

/** Every bundled translation, with a checksum of its file (to reload only what changed). */
export function bundledBibles(dir = BIBLE_DIR): BundledBible[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json.gz'))
    .sort()
    .map((name) => {
      const file = join(dir, name);
      const bytes = readFileSync(file);
      return {
        file,
        checksum: createHash('sha256').update(bytes).digest('hex'),
        read: () => JSON.parse(gunzipSync(bytes).toString('utf8')) as BibleFile,
      };
    });
}

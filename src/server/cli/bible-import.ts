// `npm run bible:import -- --file <path> --code <NKJV|ESV|NASB> --name <name> --language <en|es>
//   [--versification <kjv|nrsv|hebrew|rv1909-sword>]`
// Imports a translation you hold a licence for (OSIS XML, USFM or JSON). Nothing is written
// unless the whole file is valid. Stop the server first when using the embedded database.
// --versification says how the file numbers its verses (ADR 0053: e.g. `hebrew` for an edition
// with Psalm titles as verse 1 and a Joel 4), so parallel reading pairs it with the others.
import '../polyfill.ts';
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ImportError, importTranslation } from '../bible/import.ts';
import { loadConfig } from '../config.ts';
import { openPglite, openPostgres } from '../db/client.ts';
import { lockDataDir } from '../db/lock.ts';

const { values } = parseArgs({
  options: {
    file: { type: 'string' },
    code: { type: 'string' },
    name: { type: 'string' },
    language: { type: 'string', default: 'en' },
    versification: { type: 'string' },
  },
});
if (!values.file || !values.code || !values.name || !['en', 'es'].includes(values.language ?? '')) {
  console.error(
    'Usage: npm run bible:import -- --file <path> --code <NKJV|ESV|NASB> --name <name> --language <en|es> [--versification <kjv|nrsv|hebrew|rv1909-sword>]',
  );
  process.exit(2);
}
const config = loadConfig();
const release = config.databaseUrl ? undefined : lockDataDir(resolve(config.dataDir));
try {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, 1)
    : await openPglite(resolve(config.dataDir, 'pglite'));
  try {
    await database.migrate();
    const { verses, versification } = await importTranslation(database.db, {
      code: values.code.toUpperCase(),
      name: values.name,
      language: values.language as 'en' | 'es',
      fileName: basename(values.file),
      content: readFileSync(values.file, 'utf8'),
      versification: values.versification,
    });
    console.log(
      `Imported ${verses} verses as ${values.code.toUpperCase()} (verse numbering: ${versification}).`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(
    error instanceof ImportError ? `Import failed, nothing was changed: ${error.message}` : error,
  );
  process.exitCode = 1;
} finally {
  release?.();
}

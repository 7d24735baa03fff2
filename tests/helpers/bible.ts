import { loadBundledBibles } from '#server/bible/loader.ts';
import type { TestApp } from './app.ts';

/** Loads the three bundled Bibles into a test app's database and refreshes its catalog. */
export async function withBibles(t: TestApp): Promise<void> {
  await loadBundledBibles(t.database.db);
  await t.app.bibleCatalog.refresh(t.database.db);
}

/**
 * Keeping a downloaded Bible current (issue 40, docs/decisions/0070): once per app start, when
 * the phone has a download and the network answers, the manifest is compared with it; the parts
 * whose names changed (a corrected text) are fetched in the background, and the new index
 * written once they are all there. On mobile data or with the browser's data saver on, nothing
 * is fetched: the member is asked (Settings › Preferences offers the update with its size).
 */
import type { TFunction } from 'i18next';
import type { OfflineManifest } from '#shared/schemas/offline.ts';
import { TOAST_DURATION_MS } from '#shared/constants.ts';
import { PACK_FORMAT } from '#shared/values/offline.ts';
import { toast } from '../../hooks/use-toast.ts';
import { isOnline, subscribe } from '../../lib/connection.ts';
import { savingData } from '../../lib/save-data.ts';
import { apiRequest } from '../../lib/queryClient.ts';
import { KEEP_PACK_PAGES_MESSAGE } from '../../sw/names.ts';
import { formatBytes } from './format.ts';
import {
  cacheStore,
  chosenParts,
  downloadParts,
  indexChoice,
  missingParts,
  pruneParts,
  readIndex,
  writeIndex,
  type PackChoice,
  type PackIndex,
  type PackStore,
} from './pack.ts';

export type QuietUpdate =
  | { kind: 'none' }
  | { kind: 'updated'; index: PackIndex; bytes: number }
  | { kind: 'ask'; bytes: number };

export async function updatePackQuietly(): Promise<QuietUpdate> {
  const index = await readIndex();
  if (!index || !isOnline()) return { kind: 'none' };
  const manifest = (await (
    await apiRequest('GET', '/api/offline/manifest')
  ).json()) as OfflineManifest;
  // What the phone has that the server still offers (a course no longer open to the member, a
  // membership ended, is left as it is until the member downloads again).
  const had = indexChoice(index);
  const choice: PackChoice = {
    bibles: had.bibles.filter((c) => manifest.bibles.some((b) => b.code === c)),
    courses: had.courses.filter((id) => manifest.courses.some((c) => c.id === id)),
  };
  if (choice.bibles.length === 0 && choice.courses.length === 0) return { kind: 'none' };
  const store = cacheStore();
  const parts = chosenParts(manifest, choice);
  const { bytes } = await missingParts(parts, store);
  if (bytes === 0) return { kind: 'none' };
  if (savingData()) return { kind: 'ask', bytes };
  await downloadParts(parts, { store });
  return { kind: 'updated', index: await installDownload(manifest, choice, store), bytes };
}

/**
 * A complete download installed: its index written (the reader reads it from then on), the parts
 * it no longer names dropped, and the worker asked to keep the reader's own files.
 */
export async function installDownload(
  manifest: OfflineManifest,
  choice: PackChoice,
  store: PackStore,
): Promise<PackIndex> {
  const index: PackIndex = {
    format: PACK_FORMAT,
    savedAt: new Date().toISOString(),
    available: manifest.bibles.map((b) => b.code),
    bibles: manifest.bibles.filter((b) => choice.bibles.includes(b.code)),
    courses: manifest.courses.filter((c) => choice.courses.includes(c.id)),
  };
  await writeIndex(index);
  await pruneParts(
    store,
    chosenParts(manifest, choice).map((p) => p.id),
  );
  keepReaderOffline();
  return index;
}

/**
 * Asks the service worker to keep the reader's files too (the Bible is read there offline), and
 * today's reading with the plan's next days in the page's language (read from the download).
 */
export function keepReaderOffline(): void {
  const lang = document.documentElement.lang === 'es' ? 'es' : 'en';
  void navigator.serviceWorker?.ready
    .then((registration) =>
      registration.active?.postMessage({ type: KEEP_PACK_PAGES_MESSAGE, lang }),
    )
    .catch(() => undefined);
}

/** Asked once a browser session: the member saw it, and may update in Preferences. */
const ASKED = 'camino-pack-update-asked';
let checked = false;

/**
 * Notes the notice as asked, unless the page is left before it has been on screen for its time
 * (the check ran as the member moved on: a late first screen, a quick tap on a link): then the
 * next page asks again.
 */
function askedOnceSeen() {
  sessionStorage.setItem(ASKED, '1');
  const shown = performance.now();
  const unseen = () => {
    if (performance.now() - shown < TOAST_DURATION_MS) sessionStorage.removeItem(ASKED);
  };
  addEventListener('pagehide', unseen, { once: true });
  setTimeout(() => removeEventListener('pagehide', unseen), TOAST_DURATION_MS);
}

/** Resolves once the page can reach the network (at once when it can). */
function online(): Promise<void> {
  if (isOnline()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = subscribe(() => {
      if (!isOnline()) return;
      stop();
      resolve();
    });
  });
}

/**
 * Once per app start (the member shell, after the first screen): the quiet update, and on
 * mobile data or with the data saver on, a notice that an update waits, with its size. A page
 * that starts offline (or while a request of the page before it had just failed) checks once the
 * network answers again.
 */
export async function keepPackCurrent(t: TFunction, language: string) {
  if (checked) return;
  checked = true;
  if (!(await readIndex().catch(() => null))) return;
  await online();
  const result = await updatePackQuietly().catch((error: unknown): QuietUpdate => {
    console.warn('The offline Bible could not be kept current:', error);
    return { kind: 'none' };
  });
  if (result.kind !== 'ask' || sessionStorage.getItem(ASKED)) return;
  askedOnceSeen();
  toast({
    title: t('offline.packUpdate'),
    description: t('offline.packUpdateAsk', { size: formatBytes(result.bytes, language) }),
  });
}

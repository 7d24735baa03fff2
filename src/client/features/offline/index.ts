export { OfflineDownload } from './OfflineDownload.tsx';
export { OfflineDownloadButton } from './OfflineDownloadButton.tsx';
export { NotDownloaded } from './NotDownloaded.tsx';
export { SaveDataSwitch } from './SaveDataSwitch.tsx';
export { warmOfflineSearch } from './warm.ts';

export {
  PACK_CACHE,
  PackError,
  cacheStore,
  chosenParts,
  downloadParts,
  fetchPart,
  missingParts,
  packPlace,
  partUrl,
  pruneParts,
  readPart,
  sha256,
  type FetchPart,
  type ManifestPart,
  type PackIndex,
  type PackProgress,
  type PackStore,
} from './pack.ts';

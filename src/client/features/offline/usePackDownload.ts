/**
 * The download of the offline pack as the page drives it (issue 40, docs/decisions/0070): what
 * is on the phone, what the server offers, what the member's choice costs, and the download
 * itself: checked for free space first, paused and resumed, picked up where a cut connection
 * left it (again by itself when the connection is back), and installed only once complete.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDeviceValue } from '#delivery/app/device-value.ts';
import type { OfflineManifest } from '#shared/schemas/offline.ts';
import { saveBlob } from '../../lib/download.ts';
import { installDownload, keepReaderOffline } from './auto-update.ts';
import { installPackFile, packFile, packFileName, readPackFile } from './pack-file.ts';
import {
  PackError,
  cacheStore,
  chosenParts,
  downloadParts,
  missingParts,
  pruneParts,
  readIndex,
  removePack,
  writeIndex,
  type PackChoice,
  type PackIndex,
  type PackProgress,
} from './pack.ts';

export const MANIFEST_KEY = ['/api/offline/manifest'] as const;
export const INDEX_KEY = ['offline-pack-index'] as const;

/** Why a download was stopped when the member removed the offline data. */
const REMOVED = 'removed';

/** Room kept free beyond the download itself (the browser's own bookkeeping, a margin). */
const SPACE_MARGIN = 1.1;

export type DownloadState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'running'; progress: PackProgress }
  | { kind: 'paused'; progress: PackProgress }
  | { kind: 'stopped'; progress: PackProgress; reason: 'network' | 'damaged' | 'failed' }
  | { kind: 'noSpace'; needed: number; free: number };

export function useManifest() {
  return useQuery<OfflineManifest>({ queryKey: MANIFEST_KEY, staleTime: 0, retry: false });
}

/**
 * What this phone downloaded. Only the device knows: never read while the server draws the page
 * or while the app takes the drawing over (src/delivery/README.md, rule 4), read right after.
 */
export function usePackIndex() {
  const onDevice = useDeviceValue(() => true, false);
  return useQuery<PackIndex | null>({
    queryKey: INDEX_KEY,
    queryFn: () => readIndex(),
    enabled: onDevice,
    staleTime: Infinity,
    // Read from this device, not the network: asked for offline too.
    networkMode: 'always',
  });
}

/** The parts the choice needs that the phone does not have yet, and their bytes. */
export function useMissing(manifest: OfflineManifest | undefined, choice: PackChoice) {
  const store = useMemo(() => cacheStore(), []);
  const key = `${choice.bibles.join(',')}|${choice.courses.join(',')}`;
  return useQuery({
    queryKey: [
      'offline-pack-missing',
      key,
      manifest?.bibles.map((b) => b.bytes).join(','),
      manifest?.courses.map((c) => c.bytes).join(','),
    ],
    // Read after the index, so only on the device too.
    enabled: !!manifest && typeof caches !== 'undefined',
    networkMode: 'always',
    queryFn: async () => {
      const parts = chosenParts(manifest!, choice);
      const { bytes } = await missingParts(parts, store);
      return { bytes, total: parts.reduce((sum, p) => sum + p.bytes, 0) };
    },
  });
}

/** Free bytes for this site, or null where the browser does not say. */
async function freeSpace(): Promise<number | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  if (estimate?.quota === undefined) return null;
  return Math.max(0, estimate.quota - (estimate.usage ?? 0));
}

export function usePackDownload(options: { onDone: (index: PackIndex) => void }) {
  const queryClient = useQueryClient();
  const store = useMemo(() => cacheStore(), []);
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });
  const [persisted, setPersisted] = useState<boolean | null>(null);
  const controller = useRef<AbortController | null>(null);
  /** The download under way: removing waits for it, so no part lands after the pack is gone. */
  const running = useRef<Promise<void> | null>(null);
  const last = useRef<{ manifest: OfflineManifest; choice: PackChoice } | null>(null);
  const onDone = useRef(options.onDone);
  useEffect(() => {
    onDone.current = options.onDone;
  });

  const run = useCallback(
    async (manifest: OfflineManifest, choice: PackChoice) => {
      last.current = { manifest, choice };
      setState({ kind: 'checking' });
      const parts = chosenParts(manifest, choice);
      const { bytes } = await missingParts(parts, store);
      const free = await freeSpace();
      if (free !== null && free < bytes * SPACE_MARGIN) {
        setState({ kind: 'noSpace', needed: bytes, free });
        return;
      }
      // Asked once the member chose to download: a browser may grant it only then.
      if (persisted === null && navigator.storage?.persist) {
        void navigator.storage
          .persist()
          .then(setPersisted)
          .catch(() => setPersisted(false));
      }
      const abort = new AbortController();
      controller.current = abort;
      let latest: PackProgress = { done: 0, total: 0, arriving: 0, transferred: 0 };
      try {
        await downloadParts(parts, {
          store,
          signal: abort.signal,
          onProgress: (progress) => {
            latest = progress;
            setState({ kind: 'running', progress });
          },
        });
        // Installed only now: until then the reader reads the previous download, whole.
        const index = await installDownload(manifest, choice, store);
        setState({ kind: 'idle' });
        await queryClient.invalidateQueries({ queryKey: INDEX_KEY });
        await queryClient.invalidateQueries({ queryKey: ['offline-pack-missing'] });
        onDone.current(index);
      } catch (error) {
        if (abort.signal.reason === REMOVED) setState({ kind: 'idle' });
        else if (abort.signal.aborted) setState({ kind: 'paused', progress: latest });
        else {
          const reason =
            error instanceof PackError && error.reason === 'damaged'
              ? 'damaged'
              : error instanceof PackError && error.reason === 'network'
                ? 'network'
                : 'failed';
          if (reason === 'failed') console.warn('The offline download failed:', error);
          setState({ kind: 'stopped', progress: latest, reason });
        }
        // Not waited for: "Resume" shows now, and a tap on it must start again at once (a
        // download still counted as running would ignore it).
        void queryClient.invalidateQueries({ queryKey: ['offline-pack-missing'] });
      } finally {
        controller.current = null;
      }
    },
    [persisted, queryClient, store],
  );

  const start = useCallback(
    (manifest: OfflineManifest, choice: PackChoice) => {
      if (running.current) return running.current;
      running.current = run(manifest, choice).finally(() => {
        running.current = null;
      });
      return running.current;
    },
    [run],
  );

  const pause = useCallback(() => controller.current?.abort(), []);
  const resume = useCallback(() => {
    if (last.current) void start(last.current.manifest, last.current.choice);
  }, [start]);

  // A download the network cut goes on by itself once the connection is back.
  const stoppedByNetwork = state.kind === 'stopped' && state.reason === 'network';
  useEffect(() => {
    if (!stoppedByNetwork) return;
    addEventListener('online', resume);
    return () => removeEventListener('online', resume);
  }, [stoppedByNetwork, resume]);

  // Leaving the page stops the download; what arrived is kept.
  useEffect(() => () => controller.current?.abort(), []);

  const remove = useCallback(async () => {
    controller.current?.abort(REMOVED);
    await running.current;
    await removePack();
    setState({ kind: 'idle' });
    await queryClient.invalidateQueries({ queryKey: INDEX_KEY });
    await queryClient.invalidateQueries({ queryKey: ['offline-pack-missing'] });
  }, [queryClient]);

  return { state, persisted, start, pause, resume, remove };
}

/** The download as one file: saved, or opened from another phone (pack-file.ts). */
export function usePackFile() {
  const queryClient = useQueryClient();
  const store = useMemo(() => cacheStore(), []);
  const [file, setFile] = useState<FileState>({ kind: 'idle' });

  /** The download saved as one file (pack-file.ts). */
  const exportFile = useCallback(
    async (index: PackIndex) => {
      try {
        saveBlob(await packFile(index, store), packFileName(index));
        setFile({ kind: 'idle' });
      } catch (error) {
        console.warn('The offline file could not be made:', error);
        setFile({ kind: 'failed', reason: 'export' });
      }
    },
    [store],
  );

  /** A file from another phone, checked whole before anything is installed. */
  const importFile = useCallback(
    async (chosen: File): Promise<PackIndex | null> => {
      setFile({ kind: 'checking', done: 0, total: 0 });
      try {
        const read = await readPackFile(new Uint8Array(await chosen.arrayBuffer()), (done, total) =>
          setFile({ kind: 'checking', done, total }),
        );
        const index = await installPackFile(read, store);
        await writeIndex(index);
        await pruneParts(store, [...read.parts.keys()]);
        keepReaderOffline();
        setFile({ kind: 'idle' });
        await queryClient.invalidateQueries({ queryKey: INDEX_KEY });
        await queryClient.invalidateQueries({ queryKey: ['offline-pack-missing'] });
        return index;
      } catch (error) {
        const reason =
          error instanceof PackError
            ? error.reason === 'damaged'
              ? 'damaged'
              : 'format'
            : 'failed';
        if (reason === 'failed') console.warn('The offline file could not be opened:', error);
        setFile({ kind: 'failed', reason });
        return null;
      }
    },
    [queryClient, store],
  );

  return { file, exportFile, importFile };
}

export type FileState =
  | { kind: 'idle' }
  | { kind: 'checking'; done: number; total: number }
  | { kind: 'failed'; reason: 'export' | 'format' | 'damaged' | 'failed' };

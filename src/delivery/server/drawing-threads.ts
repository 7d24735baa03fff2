/**
 * Members' pages drawn on other threads (docs/decisions/0064): the render, which is most of a
 * drawing's work, runs in worker threads with the SSR bundle, while the answers it reads are
 * still given by the server's own routes on the main thread (the database, the session and the
 * rate limits live there). A drawing asks its thread for the page; the thread asks back for each
 * answer; the main thread can give a drawing up at any time, and its thread stops asking.
 *
 * Each drawing goes to the thread with the fewest under way. A thread that fails ends its
 * drawings (the shell goes for them) and is started again for the next.
 */
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { fromRoot } from '#server/paths.ts';
import type { Language } from '#shared/constants.ts';
import type { CurrentUser } from '#shared/schemas/user.ts';
import type { DrawnAnswer } from '#delivery/app/drawing-context.ts';
import type { MemberPage } from '#delivery/render/drawing.tsx';

/** What a thread needs to draw a page: everything but the answers, which it asks for. */
export interface ThreadDrawing {
  path: string;
  search: string;
  language: Language;
  user: CurrentUser;
  cookies: Partial<Record<string, string>>;
}

/** From the main thread to a drawing thread (drawing-worker.mjs reads them). */
export type ToThread =
  | ({ type: 'draw'; id: number } & ThreadDrawing)
  | { type: 'answer'; id: number; ask: number; answer?: DrawnAnswer; error?: string }
  | { type: 'abort'; id: number };

/** From a drawing thread (drawing-worker.mjs) to the main thread. */
export type FromThread =
  | { type: 'ready' }
  | { type: 'ask'; id: number; ask: number; url: string }
  | { type: 'drawn'; id: number; page: MemberPage | null }
  | { type: 'failed'; id: number; message: string };

interface Under {
  get: (url: string) => Promise<DrawnAnswer>;
  resolve: (page: MemberPage | null) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  drawings: Map<number, Under>;
  /** Once its bundle is loaded (or it failed). */
  ready: Promise<void>;
}

export interface DrawingThreads {
  /** Once every thread has loaded the bundle: the first drawings wait for no start-up. */
  ready: Promise<void>;
  draw(
    drawing: ThreadDrawing,
    get: (url: string) => Promise<DrawnAnswer>,
    signal: AbortSignal,
  ): Promise<MemberPage | null>;
  close(): Promise<void>;
}

/** Plain JavaScript, run as it is whether the server runs from its bundle or its sources. */
const WORKER = pathToFileURL(fromRoot('src/delivery/server/drawing-worker.mjs'));

/**
 * The process's Node options for a thread, less the module loaders (`--import tsx` when the
 * server runs from its TypeScript sources): the thread runs only plain JavaScript (the worker and
 * the built bundle), and a loader would hook every module it loads (~0.5 s more to start).
 */
export function threadExecArgv(execArgv: readonly string[]): string[] {
  const loaders = ['--import', '--loader', '--experimental-loader', '--require', '-r'];
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    if (loaders.includes(arg)) i++;
    else if (!loaders.some((flag) => arg.startsWith(`${flag}=`))) kept.push(arg);
  }
  return kept;
}

/** `count` threads drawing with the SSR bundle at `bundle` (a file URL). */
export function startDrawingThreads(bundle: string, count: number): DrawingThreads {
  let next = 0;
  let closed = false;
  const threads: (Thread | null)[] = Array.from({ length: count }, () => null);

  const start = (slot: number): Thread => {
    const worker = new Worker(WORKER, {
      workerData: { bundle },
      execArgv: threadExecArgv(process.execArgv),
    });
    // A thread does not keep the process alive: the requests waiting for its drawings do.
    worker.unref();
    let loaded = () => {};
    const thread: Thread = {
      worker,
      drawings: new Map(),
      ready: new Promise<void>((resolve) => (loaded = resolve)),
    };
    const end = (error: Error) => {
      loaded();
      if (threads[slot] === thread) threads[slot] = null;
      for (const under of thread.drawings.values()) under.reject(error);
      thread.drawings.clear();
    };
    worker.on('message', (message: FromThread) => {
      if (message.type === 'ready') return loaded();
      const under = thread.drawings.get(message.id);
      if (!under) return;
      if (message.type === 'ask') {
        const reply = (fields: { answer?: DrawnAnswer; error?: string }) =>
          worker.postMessage({ type: 'answer', id: message.id, ask: message.ask, ...fields });
        under.get(message.url).then(
          (answer) => reply({ answer }),
          (error: unknown) => reply({ error: error instanceof Error ? error.message : 'failed' }),
        );
        return;
      }
      thread.drawings.delete(message.id);
      if (message.type === 'drawn') under.resolve(message.page);
      else under.reject(new Error(message.message));
    });
    worker.on('error', end);
    worker.on('exit', (code) => end(new Error(`a drawing thread stopped (exit code ${code})`)));
    return thread;
  };

  for (let slot = 0; slot < count; slot++) threads[slot] = start(slot);
  return {
    ready: Promise.all(threads.map((thread) => thread!.ready)).then(() => undefined),
    draw(drawing, get, signal) {
      if (closed) return Promise.resolve(null);
      // The thread with the fewest drawings under way, the next in turn among equals (a stopped
      // one is started again).
      const load = (slot: number) => threads[slot]?.drawings.size ?? 0;
      let slot = next;
      for (let i = 1; i < count; i++) {
        const candidate = (next + i) % count;
        if (load(candidate) < load(slot)) slot = candidate;
      }
      next = (slot + 1) % count;
      const thread = (threads[slot] ??= start(slot));
      const id = ++drawings;
      return new Promise<MemberPage | null>((resolve, reject) => {
        thread.drawings.set(id, { get, resolve, reject });
        signal.addEventListener(
          'abort',
          () => thread.worker.postMessage({ type: 'abort', id } satisfies ToThread),
          { once: true },
        );
        thread.worker.postMessage({ type: 'draw', id, ...drawing } satisfies ToThread);
      });
    },
    async close() {
      closed = true;
      await Promise.all(threads.map((thread) => thread?.worker.terminate()));
    },
  };
}

/** Drawings handed to threads so far (each one's id). */
let drawings = 0;

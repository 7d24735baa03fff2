/**
 * A drawing thread (drawing-threads.ts, docs/decisions/0064): draws members' pages with the SSR
 * bundle named in its `workerData`, several at once, asking the main thread for each answer a
 * page reads. A drawing the main thread gives up is aborted here: its render passes stop and it
 * asks for nothing more. Plain JavaScript: a thread starts without the server's TypeScript
 * loader, wherever the server runs (tsx, or a test runner's own).
 */
import { parentPort, workerData } from 'node:worker_threads';

/** @type {import('node:worker_threads').MessagePort} */
const port = /** @type {any} */ (parentPort);
/** @type {typeof import('../render/drawing.tsx')} */
const { renderMemberPage } = await import(workerData.bundle);

/**
 * The drawings under way: each one's signal and the answers it waits for.
 * @type {Map<number, { abort: AbortController, asked: Map<number, { resolve: (a: unknown) => void, reject: (e: Error) => void }> }>}
 */
const underWay = new Map();
let asks = 0;

port.postMessage({ type: 'ready' });
port.on('message', (message) => {
  const drawing = underWay.get(message.id);
  switch (message.type) {
    case 'draw': {
      const { id, path, search, language, user, cookies } = message;
      const abort = new AbortController();
      const asked = new Map();
      underWay.set(id, { abort, asked });
      const get = (url) =>
        new Promise((resolve, reject) => {
          abort.signal.throwIfAborted();
          const ask = ++asks;
          asked.set(ask, { resolve, reject });
          port.postMessage({ type: 'ask', id, ask, url });
        });
      renderMemberPage({ path, search, language, user, cookies, get, signal: abort.signal })
        .then(
          (page) => port.postMessage({ type: 'drawn', id, page }),
          (error) =>
            port.postMessage({
              type: 'failed',
              id,
              message: error instanceof Error ? error.message : 'failed',
            }),
        )
        .finally(() => underWay.delete(id));
      return;
    }
    case 'answer': {
      const waiting = drawing?.asked.get(message.ask);
      if (!waiting) return;
      drawing.asked.delete(message.ask);
      if (message.answer) waiting.resolve(message.answer);
      else waiting.reject(new Error(message.error ?? 'failed'));
      return;
    }
    case 'abort':
      drawing?.abort.abort();
      return;
  }
});

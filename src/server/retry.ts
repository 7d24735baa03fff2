/**
 * Runs `task` until it succeeds, waiting longer after each failure (1 s, 2 s, 4 s... at most
 * `maxDelayMs`). For background work that must finish eventually but may meet a database that
 * is restarting or away; it stops (rejecting with the abort reason) when `signal` aborts.
 */
export async function retryWithBackoff<T>(
  task: () => Promise<T>,
  options: {
    signal?: AbortSignal;
    onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
    firstDelayMs?: number;
    maxDelayMs?: number;
  } = {},
): Promise<T> {
  const { signal, onRetry, firstDelayMs = 1_000, maxDelayMs = 30_000 } = options;
  for (let attempt = 1; ; attempt++) {
    signal?.throwIfAborted();
    try {
      return await task();
    } catch (error) {
      signal?.throwIfAborted();
      const delayMs = Math.min(maxDelayMs, firstDelayMs * 2 ** (attempt - 1));
      onRetry?.(error, attempt, delayMs);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, delayMs);
        function done() {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          resolve();
        }
        signal?.addEventListener('abort', done, { once: true });
      });
    }
  }
}

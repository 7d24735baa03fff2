import { describe, expect, it } from 'vitest';
import { retryWithBackoff } from '#server/retry.ts';

describe('retryWithBackoff', () => {
  it('tries again, waiting longer each time, until the task succeeds', async () => {
    const delays: number[] = [];
    let calls = 0;
    const result = await retryWithBackoff(
      async () => {
        calls += 1;
        if (calls < 4) throw new Error(`failure ${calls}`);
        return 'done';
      },
      { firstDelayMs: 1, maxDelayMs: 3, onRetry: (_e, _attempt, delay) => delays.push(delay) },
    );
    expect(result).toBe('done');
    expect(delays).toEqual([1, 2, 3]);
  });

  it('stops when aborted, even while waiting', async () => {
    const stop = new AbortController();
    const running = retryWithBackoff(
      async () => {
        throw new Error('never');
      },
      { signal: stop.signal, firstDelayMs: 60_000 },
    );
    setTimeout(() => stop.abort(new Error('shutting down')), 10);
    await expect(running).rejects.toThrow('shutting down');
  });
});

import { renderHook, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PACK_FORMAT, type OfflineManifest } from '#shared/schemas/offline.ts';
import { writeIndex } from '#client/features/offline/pack.ts';

/**
 * Keeping a downloaded Bible current (auto-update.ts, issue 40): once per app start, with the
 * member asked first while saving data. A page that starts while the network seems gone (a request
 * of the page before it had just failed) checks once it answers again, not never.
 */

/** Cache Storage in memory (jsdom has none): what readIndex, writeIndex and the store use. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const key = (request: RequestInfo | URL) =>
    new URL(request instanceof Request ? request.url : String(request), location.href).href;
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      match: async (request: RequestInfo | URL) => store.get(key(request))?.clone(),
      put: async (request: RequestInfo | URL, response: Response) => {
        store.set(key(request), response);
      },
      delete: async (request: RequestInfo | URL) => store.delete(key(request)),
      keys: async () => [...store.keys()].map((url) => new Request(url)),
    };
  };
  return { open, has: async (name: string) => stores.has(name) } as unknown as CacheStorage;
}

const part = (n: number) => ({
  id: String(n).repeat(64).slice(0, 64),
  bytes: 1000,
  from: 'Gen.1',
  to: 'Rev.22',
});

function manifest(partNumber: number): OfflineManifest {
  return {
    format: PACK_FORMAT,
    maxPartBytes: 65536,
    bibles: [
      {
        code: 'WEB',
        name: 'World English Bible',
        language: 'en',
        bytes: 1000,
        parts: [part(partNumber)],
      },
    ],
    courses: [],
  };
}

afterEach(() => {
  document.cookie = 'save-data=; max-age=0; path=/';
  dispatchEvent(new Event('online'));
});

describe('a downloaded Bible kept current', () => {
  it('checks once the network answers again, and asks first while saving data', async () => {
    vi.stubGlobal('caches', memoryCaches());
    // The phone has part 1; the server's text was corrected since: part 2.
    await writeIndex({
      format: PACK_FORMAT,
      savedAt: '2026-11-01T00:00:00Z',
      available: ['WEB'],
      bibles: manifest(1).bibles,
    });
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) => {
        asked.push(String(url));
        return Response.json(manifest(2));
      }),
    );
    document.cookie = 'save-data=1; path=/';
    // A fresh app start (the check runs once per start)…
    vi.resetModules();
    const { reportNetworkFailure } = await import('#client/lib/connection.ts');
    const { keepPackCurrent } = await import('#client/features/offline/auto-update.ts');
    const { useToast } = await import('#client/hooks/use-toast.ts');
    const toasts = renderHook(() => useToast());
    // …on a page that believes the network is gone: a request of the page before it failed.
    reportNetworkFailure();
    const t = ((key: string) => key) as never;
    const checking = keepPackCurrent(t, 'en');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
    expect(toasts.result.current.toasts).toEqual([]);

    dispatchEvent(new Event('online'));
    await checking;
    expect(asked).toEqual(['/api/offline/manifest']);
    await waitFor(() =>
      expect(toasts.result.current.toasts.map((x) => x.title)).toEqual(['offline.packUpdate']),
    );
    // Left at once (the check ran as the member moved on): not seen, so asked again next page.
    expect(sessionStorage.getItem('camino-pack-update-asked')).toBe('1');
    dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem('camino-pack-update-asked')).toBeNull();

    // The next page's check asks; seen for its time, it is not asked again this session.
    vi.resetModules();
    const next = await import('#client/features/offline/auto-update.ts');
    const { resetToasts } = await import('#client/hooks/use-toast.ts');
    resetToasts();
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    try {
      await next.keepPackCurrent(t, 'en');
      expect(sessionStorage.getItem('camino-pack-update-asked')).toBe('1');
      vi.advanceTimersByTime(1000);
      dispatchEvent(new Event('pagehide'));
      expect(sessionStorage.getItem('camino-pack-update-asked')).toBe('1');
    } finally {
      vi.useRealTimers();
      sessionStorage.clear();
    }
  });
});

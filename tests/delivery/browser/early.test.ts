import { afterEach, describe, expect, it, vi } from 'vitest';
import { getEarly, takeEarly } from '#delivery/browser/early.ts';
import { apiRequest, getQueryFn } from '#client/lib/queryClient.ts';
import { i18n } from '#client/lib/i18n.ts';
import { json, stubFetch } from '#tests/client/render.tsx';

/** GETs started before the app ran (docs/decisions/0032): taken once, fresh, same language. */
describe('early answers', () => {
  afterEach(() => {
    vi.useRealTimers();
    takeEarly('/api/dashboard');
    takeEarly('/api/session');
  });

  it('the next GET of the URL takes the early answer instead of asking again, once', async () => {
    let served = 0;
    const calls = stubFetch(() => json(200, { served: ++served }));
    getEarly('/api/dashboard', 'en');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.credentials).toBe('include');
    expect((calls[0]!.init.headers as Record<string, string>)['Accept-Language']).toBe('en');

    await i18n.changeLanguage('en');
    const load = getQueryFn<{ served: number }>({ on401: 'throw' });
    expect(await load({ queryKey: ['/api/dashboard'] } as never)).toEqual({ served: 1 });
    expect(calls).toHaveLength(1);
    // Taken: the next visit asks the server again.
    expect(await load({ queryKey: ['/api/dashboard'] } as never)).toEqual({ served: 2 });
    expect(calls).toHaveLength(2);
  });

  it('an answer asked in another language is not used: the app asks in its own', async () => {
    const calls = stubFetch((_, init) =>
      json(200, { language: (init.headers as Record<string, string>)['Accept-Language'] }),
    );
    getEarly('/api/dashboard', 'es');
    await i18n.changeLanguage('en');
    const res = await apiRequest('GET', '/api/dashboard');
    expect(await res.json()).toEqual({ language: 'en' });
    expect(calls).toHaveLength(2);
  });

  it('an answer older than 10 s is not used', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const calls = stubFetch(() => json(200, {}));
    getEarly('/api/dashboard', 'en');
    vi.setSystemTime(Date.now() + 10_000);
    expect(takeEarly('/api/dashboard', 'en')).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it('lets the one who asked read the answer and the app still take it whole', async () => {
    stubFetch(() => json(200, { ageVerified: true }));
    const seen = new Promise<unknown>((resolve) =>
      getEarly('/api/session', undefined, (answer) => void answer.json().then(resolve)),
    );
    const taken = await takeEarly('/api/session', 'es');
    expect(await taken!.json()).toEqual({ ageVerified: true });
    expect(await seen).toEqual({ ageVerified: true });
  });

  it('a failed early request fails the query that takes it, and nobody else', async () => {
    stubFetch(() => Promise.reject(new TypeError('offline')));
    getEarly('/api/dashboard', 'en');
    await i18n.changeLanguage('en');
    await expect(apiRequest('GET', '/api/dashboard')).rejects.toThrow('offline');
  });

  it('a write never takes an early answer', async () => {
    const calls = stubFetch(() => json(200, {}));
    getEarly('/api/dashboard', 'en');
    await apiRequest('POST', '/api/dashboard', { a: 1 });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.init.method).toBe('POST');
  });
});

describe('the data a page reads first (routes.tsx `data`)', () => {
  it('names member routes only, and the URLs their queries fetch', async () => {
    const { memberRoutes } = await import('#client/routes.tsx');
    const declared = Object.fromEntries(
      memberRoutes.flatMap(({ path, data }) => (data ? [[path, data]] : [])),
    );
    expect(Object.keys(declared).length).toBeGreaterThan(0);
    for (const urls of Object.values(declared)) {
      for (const url of urls) expect(url).toMatch(/^\/api\//);
    }
    // The URLs the pages' queries fetch: an early answer nobody takes is a wasted request.
    const { DASHBOARD_KEY } = await import('#client/features/dashboard/api.ts');
    const { DAILY_READING_KEY, READING_PLANS_KEY } =
      await import('#client/features/reading/api.ts');
    const { memoryVersesKey } = await import('#client/features/memory/api.ts');
    const { GOALS_KEY } = await import('#client/features/goals/api.ts');
    const { COURSES_KEY } = await import('#client/features/courses/api.ts');
    const { GROUPS_KEY, groupKey } = await import('#client/features/groups/queries.ts');
    const { journalPageKey } = await import('#client/features/journal/api.ts');
    const { prayerListUrl } = await import('#client/features/prayer/api.ts');
    const { notificationsPageKey } = await import('#client/features/notifications/api.ts');
    const { CHURCHES_KEY, churchKey } = await import('#client/features/churches/api.ts');
    expect(declared).toEqual({
      // The dashboard's groups card reads the groups list.
      '/': [DASHBOARD_KEY[0], GROUPS_KEY[0]],
      '/daily-reading': [DAILY_READING_KEY[0]],
      '/reading-plans': [READING_PLANS_KEY[0]],
      // The list opens on every category.
      '/memory-verses': [memoryVersesKey(null)[0]],
      '/goals': [GOALS_KEY[0]],
      '/courses': [COURSES_KEY[0]],
      '/groups': [GROUPS_KEY[0]],
      // A group's page: the group and its member list as first shown (by name).
      '/groups/:id': [
        groupKey(':id').join('/'),
        '/api/groups/:id/members?sort=name&order=asc&page=1',
      ],
      // The first page of entries, no filter (Journal.tsx's first state).
      '/journal': [journalPageKey(new URLSearchParams(), 1)[0]],
      '/prayer': [prayerListUrl('active', 1), prayerListUrl('answered', 1)],
      '/notifications': [notificationsPageKey(1)[0]],
      '/churches': [CHURCHES_KEY[0]],
      '/churches/:id': [churchKey(':id')[0]],
    });
  });

  it("fills a route's `:name` from the path, encoded, and reads the shell's list", async () => {
    const { dataAt } = await import('#delivery/paths.ts');
    const { memberRoutes } = await import('#client/routes.tsx');
    const group = memberRoutes.find((r) => r.path === '/groups/:id')!;
    const id = '0b6f3c1e-9a4d-4c1b-8f5e-2d7a6b9c0e11';
    expect(dataAt(group, `/groups/${id}`)).toEqual([
      `/api/groups/${id}`,
      `/api/groups/${id}/members?sort=name&order=asc&page=1`,
    ]);
    expect(dataAt(group, '/groups/a b')[0]).toBe('/api/groups/a%20b');
    expect(dataAt(group, '/goals')).toEqual([]);
    const { pageData } = await import('#delivery/browser/page-data.ts');
    document.body.innerHTML = '<div id="root" data-early="/api/goals /api/groups"></div>';
    expect(pageData()).toEqual(['/api/goals', '/api/groups']);
    document.body.innerHTML = '<div id="root"></div>';
    expect(pageData()).toEqual([]);
  });

  it('is asked once per page load, by whichever of boot.ts and the app reads the session first', async () => {
    vi.resetModules();
    const { askPageData } = await import('#delivery/browser/page-data.ts');
    const early = await import('#delivery/browser/early.ts');
    const calls = stubFetch(() => json(200, {}));
    // The shell the server sends for /goals names its data.
    document.body.innerHTML = '<div id="root" data-early="/api/goals"></div>';
    try {
      // Behind the age gate: nothing (its routes answer 403).
      askPageData({ ageVerified: false }, 'es');
      askPageData(null, 'es');
      expect(calls).toHaveLength(0);
      askPageData({ ageVerified: true }, 'es');
      askPageData({ ageVerified: true }, 'es');
      expect(calls.map((c) => c.url)).toEqual(['/api/goals']);
      expect(early.takeEarly('/api/goals', 'es')).toBeDefined();
    } finally {
      document.body.innerHTML = '';
    }
  });
});

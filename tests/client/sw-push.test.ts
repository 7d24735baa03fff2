import { describe, expect, it, vi } from 'vitest';
import { installPushHandlers, type PushWorkerScope } from '../../src/client/sw/push.ts';

type Listener = (event: unknown) => void;

function fakeScope(windows: { url: string; focused: boolean }[]) {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: NotificationOptions | undefined }[] = [];
  const focused: string[] = [];
  const opened: string[] = [];
  const navigated: string[] = [];
  const clients = windows.map((w) => ({
    ...w,
    focus: vi.fn(async function (this: { url: string }) {
      focused.push(this.url);
      return this as never;
    }),
    navigate: vi.fn(async function (this: { url: string }, url: string) {
      navigated.push(url);
      this.url = url;
      return this as never;
    }),
  }));
  const scope = {
    location: { origin: 'https://camino.example' },
    registration: {
      showNotification: async (title: string, options?: NotificationOptions) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => clients,
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  } as unknown as PushWorkerScope;
  installPushHandlers(scope);
  const fire = async (type: string, event: object) => {
    let wait: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (wait = p) });
    await wait;
  };
  return { fire, shown, focused, opened, navigated };
}

const pushEvent = (payload: unknown) => ({
  data: { json: () => payload, text: () => JSON.stringify(payload) },
});
const click = (url: unknown) => ({
  notification: { data: { url }, tag: 't', close: vi.fn() },
});

describe('service worker push handlers', () => {
  it('shows the pushed title, body and tag, keeping the url for the click', async () => {
    const sw = fakeScope([]);
    await sw.fire(
      'push',
      pushEvent({
        title: 'A moment to pray',
        body: 'Take a few minutes',
        url: '/prayer',
        tag: 'prayer-2026-05-01',
      }),
    );
    expect(sw.shown).toEqual([
      {
        title: 'A moment to pray',
        options: expect.objectContaining({
          body: 'Take a few minutes',
          tag: 'prayer-2026-05-01',
          data: { url: '/prayer' },
        }),
      },
    ]);
  });

  it('ignores a push that is not ours', async () => {
    const sw = fakeScope([]);
    await sw.fire('push', {
      data: {
        json: () => {
          throw new Error('not json');
        },
        text: () => 'x',
      },
    });
    await sw.fire('push', { data: null });
    expect(sw.shown).toEqual([]);
  });

  it('a click focuses the window already on that page', async () => {
    const sw = fakeScope([
      { url: 'https://camino.example/', focused: false },
      { url: 'https://camino.example/prayer', focused: false },
    ]);
    await sw.fire('notificationclick', click('/prayer'));
    expect(sw.focused).toEqual(['https://camino.example/prayer']);
    expect(sw.opened).toEqual([]);
  });

  it('otherwise takes an open window of the app there, or opens one', async () => {
    const one = fakeScope([{ url: 'https://camino.example/journal', focused: true }]);
    await one.fire('notificationclick', click('/memory-verses'));
    expect(one.navigated).toEqual(['https://camino.example/memory-verses']);
    expect(one.focused).toEqual(['https://camino.example/memory-verses']);
    const none = fakeScope([]);
    await none.fire('notificationclick', click('https://evil.example/phish'));
    expect(none.opened).toEqual(['https://camino.example/']);
  });
});

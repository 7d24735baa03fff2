/**
 * Web Push in the service worker: a 'push' shows the notification the server sent
 * (src/server/notifications/push.ts: { title, body, url, tag }), a click focuses a window
 * already on that page, or another window of the app (navigated there), or opens one.
 *
 * The types are the few members used here, so this module compiles both with the app's DOM
 * types and in a service-worker build (where ServiceWorkerGlobalScope satisfies them).
 */

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  readonly data: { json(): unknown; text(): string } | null;
}
interface NotificationLike {
  readonly data: unknown;
  readonly tag: string;
  close(): void;
}
interface NotificationEventLike extends ExtendableEventLike {
  readonly notification: NotificationLike;
}
interface WindowClientLike {
  readonly url: string;
  readonly focused: boolean;
  focus(): Promise<WindowClientLike>;
  navigate(url: string): Promise<WindowClientLike | null>;
}
export interface PushWorkerScope {
  readonly location: { readonly origin: string };
  readonly registration: {
    showNotification(title: string, options?: NotificationOptions): Promise<void>;
  };
  readonly clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<WindowClientLike | null>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: NotificationEventLike) => void,
  ): void;
}

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** The payload, or null when it is not one of ours (an empty push shows nothing useful). */
export function parsePushPayload(data: PushEventLike['data']): PushPayload | null {
  if (!data) return null;
  let value: unknown;
  try {
    value = data.json();
  } catch {
    return null;
  }
  const v = value as Partial<PushPayload> | null;
  if (!v || typeof v.title !== 'string') return null;
  return {
    title: v.title,
    body: typeof v.body === 'string' ? v.body : '',
    url: typeof v.url === 'string' && v.url.startsWith('/') ? v.url : '/notifications',
    tag: typeof v.tag === 'string' ? v.tag : '',
  };
}

/** Same-origin absolute URL of a path (a payload can never send the member elsewhere). */
function sameOrigin(sw: PushWorkerScope, path: string): string {
  const url = new URL(path, sw.location.origin);
  return url.origin === sw.location.origin ? url.href : new URL('/', sw.location.origin).href;
}

export function installPushHandlers(sw: PushWorkerScope): void {
  sw.addEventListener('push', (event) => {
    const payload = parsePushPayload(event.data);
    if (!payload) return;
    event.waitUntil(
      sw.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag || undefined,
        data: { url: payload.url },
        icon: '/favicon.svg',
      }),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const target = sameOrigin(sw, typeof data?.url === 'string' ? data.url : '/notifications');
    event.waitUntil(
      (async () => {
        const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const exact = windows.find((w) => w.url === target);
        if (exact) {
          await exact.focus();
          return;
        }
        const any = windows.find((w) => w.focused) ?? windows[0];
        if (any) {
          const navigated = (await any.navigate(target)) ?? any;
          await navigated.focus();
          return;
        }
        await sw.clients.openWindow(target);
      })(),
    );
  });
}

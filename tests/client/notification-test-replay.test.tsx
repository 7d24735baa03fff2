import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/preact';
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import NotificationTest from '#client/features/notifications/NotificationTest.tsx';
import { LanguageProvider } from '#client/lib/language.tsx';
import { createQueryClient } from '#client/lib/queryClient.ts';
import { MemoryRouter } from '#client/lib/router.tsx';
import type { NotificationTestResult } from '#shared/schemas/notifications.ts';
import { json, stubFetch } from './render.tsx';

const RESULT: NotificationTestResult = {
  inApp: { outcome: 'delivered' },
  email: { outcome: 'logged' },
  push: { outcome: 'notSubscribed' },
};

let container: HTMLElement | null = null;
afterEach(() => {
  if (container) render(null, container);
  container?.remove();
  container = null;
});

describe('/notification-test: a press replayed as the app takes the page over', () => {
  it('shows the results though the press came before the page’s effects ran (seen in CI)', async () => {
    const calls = stubFetch((url) =>
      url.endsWith('/api/notifications/test') ? json(200, RESULT) : json(200, { count: 0 }),
    );
    container = document.createElement('div');
    document.body.append(container);
    // Rendered as hydration does (no test `act`: the effects wait for the next frame), then
    // pressed at once, as app/replay.ts does a press held before the app had the page.
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LanguageProvider>
          <MemoryRouter initialEntries={['/notification-test']}>
            <NotificationTest />
          </MemoryRouter>
        </LanguageProvider>
      </QueryClientProvider>,
      container,
    );
    const send = [...container.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('Send test'),
    );
    expect(send).toBeDefined();
    send!.click();
    expect(await screen.findByText('Not subscribed: turn on push for this device')).toBeVisible();
    expect(screen.getByText('Kept in the outbox')).toBeVisible();
    expect(calls.filter((c) => c.url.endsWith('/api/notifications/test'))).toHaveLength(1);
  });
});

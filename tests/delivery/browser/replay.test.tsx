import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { screen } from '@testing-library/preact';
import { options, render } from 'preact';
import { useEffect, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { withEffectsAtOnce } from '../../../src/delivery/app/replay.ts';

/**
 * A press held before the app had the page is done again right after hydrating (replay.ts). The
 * page's effects must have run by then, as for a member who waited: a mutation's observer is
 * subscribed in one, and TanStack Query drops what `mutate` was told to do with an answer that
 * comes while nothing is subscribed (seen on /notification-test: the test sent, no result shown).
 */
function Sender() {
  const send = useMutation({ mutationFn: async () => 'the answer' });
  const [shown, setShown] = useState('');
  return (
    <>
      <button type="button" onClick={() => send.mutate(undefined, { onSuccess: setShown })}>
        Send
      </button>
      <p>{shown || 'nothing yet'}</p>
    </>
  );
}

let container: HTMLElement | null = null;
afterEach(() => {
  if (container) render(null, container);
  container?.remove();
  container = null;
});

/** Rendered as hydration does (no test `act`): the effects wait for Preact's next frame. */
function draw(ui: ReactNode) {
  container = document.createElement('div');
  document.body.append(container);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: 0 } } })}>
      {ui}
    </QueryClientProvider>,
    container,
  );
  return container;
}
const press = (root: HTMLElement) => root.querySelector('button')!.click();
const frames = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('effects before the replay', () => {
  it('without it, a press done at once loses what mutate was told (the hazard)', async () => {
    press(draw(<Sender />));
    await frames();
    expect(screen.getByText('nothing yet')).toBeInTheDocument();
  });

  it('with it, the press done again finds the page set up: the answer is shown', async () => {
    withEffectsAtOnce((settle) => {
      const root = draw(<Sender />);
      settle();
      press(root);
    });
    expect(await screen.findByText('the answer')).toBeInTheDocument();
  });

  it('leaves Preact scheduling effects as before once done', async () => {
    const before = options.requestAnimationFrame;
    withEffectsAtOnce(() => undefined);
    expect(options.requestAnimationFrame).toBe(before);
    function Effect() {
      const [ran, setRan] = useState(false);
      useEffect(() => setRan(true), []);
      return <p>{ran ? 'effect ran' : 'waiting'}</p>;
    }
    draw(<Effect />);
    expect(await screen.findByText('effect ran')).toBeInTheDocument();
  });
});

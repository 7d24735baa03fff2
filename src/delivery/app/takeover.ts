/**
 * The app takes over a page drawn before it came (README.md): a visitor's page drawn at build
 * time, or a member's drawn by the server. Every part the drawing shows is loaded first, so that
 * hydrating suspends nowhere (ready-lazy.tsx); a member's page is given the answers it was drawn
 * from (drawn.ts); then, in one task, what the member did meanwhile is taken from the entry
 * (browser/held.ts), the page hydrated, and all of it done again through the app (replay.ts).
 */
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { readyMemberPage, readyVisitorPage } from '#client/App.tsx';
import { queryClient } from '#client/lib/queryClient.ts';
import { releaseHeld, untracked } from '../browser/held.ts';
import { typedBack, typedKey } from '../browser/typed.ts';
import type { DrawnAnswers } from './drawn.ts';
import { asTakeover } from './device-value.ts';
import { readyLazies } from './ready-lazy.tsx';
import { replay, withEffectsAtOnce } from './replay.ts';

/** Takes over `root`, drawn for a visitor or a member (with the answers it was drawn from). */
export async function takeOver(
  root: HTMLElement,
  app: ReactNode,
  drawnFor: 'visitor' | 'member',
  drawn: DrawnAnswers | null,
): Promise<void> {
  let memberApp: Awaited<ReturnType<typeof readyMemberPage>> | undefined;
  try {
    if (drawnFor === 'member') {
      // The member app's and the page's modules first: they define the lazy parts named.
      memberApp = await readyMemberPage(window.location.pathname);
      await readyLazies(drawn?.lazies ?? []);
    } else await readyVisitorPage(window.location.pathname);
  } catch {
    // A part could not be loaded (offline, a new deploy): taken over all the same, and what
    // is missing shows its own loading state, then its error.
  }
  // The answers go into the query cache by the member app's code (drawn.ts): not the app's,
  // which every page waits for.
  if (drawn && memberApp) memberApp.takeDrawnAnswers(queryClient, drawn);
  // From here on, one task: nothing the member does can fall between the record and the app.
  const held = releaseHeld();
  // Typed before the entry listened (or filled by the browser): read before hydrating, which
  // sets a text area to the app's value.
  const before = untracked(root, held);
  // Typed on an earlier visit and left before the app came (browser/typed.ts): first, as it was.
  const member = drawnFor === 'member' ? root.dataset.member : undefined;
  const earlier = member ? typedBack(root, member, typedKey(window.location)) : [];
  const again = [...earlier, ...before, ...held];
  if (again.length === 0) asTakeover(() => hydrateRoot(root, app));
  else {
    // The page's effects run before anything is done again, as they would have for a member
    // who waited for the app (replay.ts).
    withEffectsAtOnce((settle) => {
      asTakeover(() => hydrateRoot(root, app));
      settle();
      replay(again);
    });
  }
  // `data-app="ready"` follows once the page's effects have run (app-ready.tsx).
}

/** After the page's load event: the first screen's own requests have gone out by then. */
export const SETTLE_MS = 2000;
/** The longest an idle moment is waited for after that. */
export const IDLE_WAIT_MS = 3000;

/**
 * Runs `run` once the first screen has settled (the load event, two seconds, then an idle moment):
 * for what a first screen does not need and whose download would compete with the page's own on
 * a phone (the toast region, the tooltips; docs/decisions/0032). Answers a function that cancels.
 */
export function afterFirstScreen(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idleId: number | undefined;
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') {
      idleId = requestIdleCallback(run, { timeout: IDLE_WAIT_MS });
    } else run();
  };
  const settle = () => (timer = setTimeout(whenIdle, SETTLE_MS));
  if (document.readyState === 'complete') settle();
  else addEventListener('load', settle, { once: true });
  return () => {
    removeEventListener('load', settle);
    clearTimeout(timer);
    if (idleId !== undefined) cancelIdleCallback(idleId);
  };
}

import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { LOADING_DOTS_INTERVAL_MS, LOADING_OVERLAY_HIDE_DELAY_MS } from '#shared/constants.ts';

/** The same drawing as the page's own before the app runs (index.html): no jump between them. */
function Spinner() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-12 animate-spin">
      <circle cx="24" cy="24" r="22" fill="none" strokeWidth="4" className="stroke-brand-200" />
      <path
        d="M8.44 8.44A22 22 0 0 1 39.56 8.44"
        fill="none"
        strokeWidth="4"
        className="stroke-brand-700"
      />
    </svg>
  );
}

/** Full-screen overlay while the session is being resolved (SPEC §2). */
export function AppLoadingOverlay() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[200] flex flex-col items-center justify-center gap-4 bg-canvas"
    >
      <Spinner />
      <p className="font-serif text-lg text-brand-900">{t('app.loadingApplication')}</p>
    </div>
  );
}

function Dots() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setCount((c) => (c + 1) % 4), LOADING_DOTS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <span aria-hidden="true" data-testid="loading-dots" className="inline-block w-6 text-left">
      {'.'.repeat(count)}
    </span>
  );
}

export function PageLoadingOverlay() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[150] flex flex-col items-center justify-center gap-3 bg-canvas/90 backdrop-blur-sm"
    >
      <Spinner />
      <p className="font-serif text-lg text-brand-900">{t('app.loadingPage')}</p>
      <p className="text-sm text-slate-600">
        {t('app.loadingPageHint')}
        <Dots />
      </p>
    </div>
  );
}

const PageLoadingContext = createContext<((loading: boolean) => void) | null>(null);

/**
 * Shows "Loading Page..." while a lazy page loads, and keeps it 200 ms after the page is
 * ready so it does not flicker (SPEC §2).
 */
export function PageLoadingProvider({ children }: { children: ReactNode }) {
  const [visible, setVisible] = useState(false);
  const pending = useRef(0);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  const report = useMemo(
    () => (isLoading: boolean) => {
      pending.current = Math.max(0, pending.current + (isLoading ? 1 : -1));
      clearTimeout(hideTimer.current);
      if (pending.current > 0) setVisible(true);
      else hideTimer.current = setTimeout(() => setVisible(false), LOADING_OVERLAY_HIDE_DELAY_MS);
    },
    [],
  );
  return (
    <PageLoadingContext.Provider value={report}>
      {children}
      {visible ? <PageLoadingOverlay /> : null}
    </PageLoadingContext.Provider>
  );
}

/** Suspense fallback: reports loading for as long as it is mounted. */
export function PageLoadingFallback() {
  const report = useContext(PageLoadingContext);
  useLayoutEffect(() => {
    report?.(true);
    return () => report?.(false);
  }, [report]);
  // Holds the page's place (a screen's height) so what follows, such as the visitor footer,
  // is not drawn where the page will be and then pushed down.
  return report ? <div aria-hidden="true" className="min-h-dvh" /> : <PageLoadingOverlay />;
}

import * as ToastPrimitive from '@radix-ui/react-toast';
import X from 'lucide-react/icons/x';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '#shared/constants.ts';
import { useToast } from '../../hooks/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { Tip } from './Tip.tsx';

/**
 * Radix toasts as SPEC §9 says: one at a time, centred, semi-transparent white (red when
 * destructive), swipe right 50 px to dismiss, F8 focuses the region, the page dims meanwhile.
 */
export function Toaster() {
  const { t } = useTranslation();
  const { toasts, dismiss } = useToast();
  const anyOpen = toasts.some((item) => item.open);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t('toast.region', { hotkey: 'F8' })}
    >
      <div
        aria-hidden="true"
        data-testid="toast-dim"
        className={cn(
          'pointer-events-none fixed inset-0 z-[90] bg-slate-900/25 transition-opacity duration-300',
          anyOpen ? 'opacity-100' : 'opacity-0',
        )}
      />
      {toasts.map(({ id, title, description, variant, open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={variant ?? 'default'}
          className={cn(
            'toast-root group pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-10 shadow-xl backdrop-blur',
            variant === 'destructive'
              ? 'border-red-800 bg-red-700/95 text-white'
              : 'border-white/60 bg-white/85 text-slate-900',
          )}
        >
          <div className="grid gap-1">
            {title ? (
              <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>
            ) : null}
            {description ? (
              <ToastPrimitive.Description
                className={cn(
                  'text-sm',
                  variant === 'destructive' ? 'text-white' : 'text-slate-700',
                )}
              >
                {description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <Tip label={t('toast.close')}>
            <ToastPrimitive.Close
              aria-label={t('toast.close')}
              className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-current"
            >
              <X className="size-4" aria-hidden="true" />
            </ToastPrimitive.Close>
          </Tip>
        </ToastPrimitive.Root>
      ))}
      {/* Centred; on a phone at the top, just under the sticky header (h-16 in both shells), where
          it hides no field being typed in nor the text being read (the middle of a small screen is
          both), and not the header's own controls: a pointer resting on a toast holds it open
          (Radix pauses its timer), so over the logo or the menu it would keep them covered. */}
      <ToastPrimitive.Viewport className="fixed left-1/2 top-1/2 z-[100] flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-2 outline-none max-sm:top-[calc(env(safe-area-inset-top)+4.5rem)] max-sm:translate-y-0" />
    </ToastPrimitive.Provider>
  );
}

import { act, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '#client/components/ui/Toaster.tsx';
import { dismissToast, toast, useToast } from '#client/hooks/use-toast.ts';

function Count() {
  const { toasts } = useToast();
  return (
    <output data-testid="count">
      {toasts.length}:{toasts.filter((t) => t.open).length}
    </output>
  );
}

describe('toasts (SPEC §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows at most one, and removes a dismissed one a second later', () => {
    render(<Count />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });
    expect(screen.getByTestId('count')).toHaveTextContent('1:1');
    act(() => dismissToast());
    expect(screen.getByTestId('count')).toHaveTextContent('1:0');
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(screen.getByTestId('count')).toHaveTextContent('1:0');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('count')).toHaveTextContent('0:0');
  });

  it('renders the destructive variant in red, dims the page, and closes itself after a second', () => {
    render(<Toaster />);
    act(() => {
      toast({
        title: 'Error',
        description: 'Failed to verify age. Please try again.',
        variant: 'destructive',
      });
    });
    const title = screen.getByText('Error');
    const root = title.closest('[data-variant]')!;
    expect(root).toHaveAttribute('data-variant', 'destructive');
    // Red dark enough for its white words (about 6:1; red-600 at 95% gave 4.0:1 under axe).
    expect(root.className).toContain('bg-red-700');
    expect(screen.getByText('Failed to verify age. Please try again.').className).toContain(
      'text-white',
    );
    expect(screen.getByTestId('toast-dim').className).toContain('opacity-100');
    expect(screen.getByRole('region')).toHaveAccessibleName(/F8/);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    expect(screen.getByTestId('toast-dim').className).toContain('opacity-0');
  });
});

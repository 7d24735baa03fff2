import { act, fireEvent, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AgeVerificationModal } from '#client/components/AgeVerificationModal.tsx';
import { CURRENT_USER_KEY, sessionQuery } from '#client/lib/auth-api.ts';
import { json, renderWithProviders, stubFetch } from './render.tsx';

describe('AgeVerificationModal (SPEC §4, §5, §8)', () => {
  it('starts unchecked with Continue disabled, and cannot be dismissed', async () => {
    stubFetch(() => json(200, {}));
    renderWithProviders(<AgeVerificationModal open />);
    const dialog = screen.getByRole('dialog', { name: 'Age Verification' });
    expect(screen.getByRole('checkbox')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    expect(links.map((l) => [l.getAttribute('href'), l.getAttribute('target')])).toEqual([
      ['/privacy-policy', '_blank'],
      ['/terms-of-service', '_blank'],
    ]);
  });

  it('asks for the box with the SPEC toast when submitted unchecked', async () => {
    const calls = stubFetch(() => json(200, {}));
    renderWithProviders(<AgeVerificationModal open />);
    fireEvent.submit(screen.getByRole('button', { name: 'Continue' }).closest('form')!);
    expect(await screen.findByText('Age Confirmation Required')).toBeInTheDocument();
    expect(
      screen.getByText('Please confirm that you are 13 years of age or older to continue.'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('verifies: "Verifying..." while pending, then welcome, callback and user refresh', async () => {
    let release: (r: Response) => void = () => undefined;
    const calls = stubFetch((url) =>
      url === '/api/user/verify-age'
        ? new Promise<Response>((resolve) => (release = resolve))
        : json(200, {}),
    );
    const onComplete = vi.fn();
    renderWithProviders(<AgeVerificationModal open onComplete={onComplete} />);
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const pending = await screen.findByRole('button', { name: 'Verifying...' });
    expect(pending).toBeDisabled();
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ ageVerified: true });
    await act(async () => release(json(200, { ageVerified: true, restricted: false })));
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Welcome!')).toBeInTheDocument();
  });

  it('shows the SPEC error toast when verification fails', async () => {
    stubFetch(() => json(500, { message: 'boom' }));
    renderWithProviders(<AgeVerificationModal open />);
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // Mutations retry once after a second before failing.
    expect(
      await screen.findByText('Failed to verify age. Please try again.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('under 13: shows the restriction and redirects to /api/logout after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      // The session is gone on the server once the account is closed.
      const calls = stubFetch((url) =>
        url === '/api/session'
          ? json(200, null)
          : json(200, { ageVerified: false, restricted: true }),
      );
      const redirect = vi.fn();
      const { queryClient } = renderWithProviders(
        <AgeVerificationModal open redirect={redirect} />,
      );
      fireEvent.click(screen.getByRole('button', { name: 'I am under 13' }));
      expect(
        (await screen.findAllByText(/only available to users 13 years of age and older/)).length,
      ).toBeGreaterThan(0);
      expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ ageVerified: false });
      // The account is closed on the server, so a check of the session now would come back
      // empty and swap the gate for the visitor pages (a service worker taking the page over
      // asks again): until the page signs out, the session stays as the page has it.
      queryClient.setQueryData(CURRENT_USER_KEY, { id: 'u1', ageVerified: false });
      await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
      expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual({ id: 'u1', ageVerified: false });
      expect(calls).toHaveLength(1);
      act(() => {
        vi.advanceTimersByTime(2900);
      });
      expect(redirect).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(200);
      });
      expect(redirect).toHaveBeenCalledWith('/api/logout');
    } finally {
      vi.useRealTimers();
    }
  });

  it('under 13, when the request fails: says nothing was recorded, stays signed in, and can answer again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let answer = () => json(500, { message: 'An error occurred. Please try again.' });
      const calls = stubFetch(() => answer());
      const redirect = vi.fn();
      renderWithProviders(<AgeVerificationModal open redirect={redirect} />);
      fireEvent.click(screen.getByRole('button', { name: 'I am under 13' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Your answer was not recorded: nothing has changed.');
      expect(alert).toHaveTextContent('An error occurred. Please try again.');
      expect(screen.queryByText('Access Restricted')).toBeNull();
      act(() => {
        vi.advanceTimersByTime(5000);
      });
      expect(redirect).not.toHaveBeenCalled();
      expect(calls).toHaveLength(1);
      // Both answers are still there; this time it is recorded.
      expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
      answer = () => json(200, { ageVerified: false, restricted: true });
      fireEvent.click(screen.getByRole('button', { name: 'I am under 13' }));
      expect((await screen.findAllByText('Access Restricted')).length).toBeGreaterThan(0);
      act(() => {
        vi.advanceTimersByTime(3100);
      });
      expect(redirect).toHaveBeenCalledWith('/api/logout');
    } finally {
      vi.useRealTimers();
    }
  });
});

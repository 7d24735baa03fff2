import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import TwoFactorStep from '#client/pages/TwoFactorStep.tsx';
import { json, renderWithProviders, stubFetch } from './render.tsx';

/** The second step of signing in: what it offers follows the sign-in's answer (ADR 0044). */
describe('the second step of signing in', () => {
  it('offers the passkey first, and the app’s code or a recovery code when the member has the app', async () => {
    stubFetch(() => json(404, {}));
    const user = userEvent.setup();
    renderWithProviders(
      <TwoFactorStep methods={['passkey', 'totp']} onVerified={vi.fn()} onStartAgain={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Use my passkey' })).toBeTruthy();
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    await user.click(
      screen.getByRole('button', { name: 'Use a code from your app or a recovery code' }),
    );
    expect(screen.getByLabelText('Verification code')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use my passkey instead' }));
    expect(screen.getByRole('button', { name: 'Use my passkey' })).toBeTruthy();
  });

  it('offers only the passkey to a member without the app, and only codes to one without a passkey', () => {
    stubFetch(() => json(404, {}));
    const { unmount } = renderWithProviders(
      <TwoFactorStep methods={['passkey']} onVerified={vi.fn()} onStartAgain={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Use my passkey' })).toBeTruthy();
    expect(
      screen.queryByRole('button', { name: 'Use a code from your app or a recovery code' }),
    ).toBeNull();
    unmount();
    renderWithProviders(
      <TwoFactorStep methods={['totp']} onVerified={vi.fn()} onStartAgain={vi.fn()} />,
    );
    expect(screen.getByLabelText('Verification code')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /passkey/ })).toBeNull();
  });

  it('says so when the device’s prompt is closed, and the member can try again', async () => {
    stubFetch((url) =>
      url.endsWith('/two-factor/passkey-options')
        ? json(200, { challenge: 'YWJj', rpId: 'localhost', allowCredentials: [] })
        : json(404, {}),
    );
    // jsdom has no WebAuthn: the browser helper refuses, as a closed prompt does.
    const user = userEvent.setup();
    const onVerified = vi.fn();
    renderWithProviders(
      <TwoFactorStep methods={['passkey']} onVerified={onVerified} onStartAgain={vi.fn()} />,
    );
    await user.click(screen.getByRole('button', { name: 'Use my passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The passkey was not used: the request was canceled or timed out.',
    );
    expect(onVerified).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Use my passkey' }).disabled).toBe(
      false,
    );
  });
});

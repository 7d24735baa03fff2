import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { TwoFactorCard } from '#client/features/account/TwoFactorCard.tsx';
import { i18n } from '#client/lib/i18n.ts';
import { renderWithProviders } from './render.tsx';

const user = (patch: Partial<CurrentUser>) =>
  ({
    email: 'rut@example.com',
    role: 'member',
    twoFactorEnabled: false,
    hasPasskey: false,
    ...patch,
  }) as CurrentUser;

describe('the two-step verification card', () => {
  it('says Off with no second step, On with an authenticator app', () => {
    const { unmount } = renderWithProviders(<TwoFactorCard user={user({})} />);
    expect(screen.getByText('Off')).toBeInTheDocument();
    unmount();
    renderWithProviders(<TwoFactorCard user={user({ twoFactorEnabled: true })} />);
    expect(screen.getByText('On')).toBeInTheDocument();
    expect(screen.queryByText(/one of your passkeys/)).toBeNull();
  });

  it('says On when a passkey is the second step, and that an app can be added (Spanish too)', async () => {
    renderWithProviders(<TwoFactorCard user={user({ hasPasskey: true })} />);
    expect(screen.getByText('On')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Sign-in asks for one of your passkeys. You can also add an authenticator app.',
      ),
    ).toBeInTheDocument();
    // Not "Turn on" beside "On": the button adds an app as another second step.
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add an authenticator app' })).toBeInTheDocument();
    await i18n.changeLanguage('es');
    try {
      expect(await screen.findByText('Activada')).toBeInTheDocument();
      expect(
        screen.getByRole('button', { name: 'Agregar una app de autenticación' }),
      ).toBeInTheDocument();
      expect(screen.queryByText('Desactivada')).toBeNull();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

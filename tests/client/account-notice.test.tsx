import { act, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { VERIFICATION_LINK_HOURS } from '#shared/constants.ts';
import { DEFAULT_PREFERENCES, type CurrentUser } from '#shared/schemas/user.ts';
import { i18n } from '#client/lib/i18n.ts';
import { AccountNotice } from '#client/features/verification/AccountNotice.tsx';
import { accountNoticeWanted } from '#client/features/verification/index.ts';
import { json, renderWithProviders, stubFetch } from './render.tsx';

const member = (fields: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 'u1',
  email: 'rut@example.com',
  emailVerified: true,
  firstName: 'Rut',
  lastName: 'Moabita',
  ageVerified: true,
  role: 'member',
  isPremium: false,
  twoFactorEnabled: false,
  hasPasskey: false,
  preferences: DEFAULT_PREFERENCES,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

afterEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

describe('the member shell’s account notice (ADR 0040, 0044)', () => {
  it('is wanted for an unconfirmed address, or premium and admin accounts without a second step', () => {
    expect(accountNoticeWanted(member())).toBe(false);
    expect(accountNoticeWanted(member({ emailVerified: false }))).toBe(true);
    // Not over the age gate.
    expect(accountNoticeWanted(member({ emailVerified: false, ageVerified: false }))).toBe(false);
    expect(accountNoticeWanted(member({ isPremium: true }))).toBe(true);
    expect(accountNoticeWanted(member({ role: 'admin' }))).toBe(true);
    expect(accountNoticeWanted(member({ isPremium: true, twoFactorEnabled: true }))).toBe(false);
    // A passkey is a second step too.
    expect(accountNoticeWanted(member({ isPremium: true, hasPasskey: true }))).toBe(false);
    expect(accountNoticeWanted(member({ role: 'admin', hasPasskey: true }))).toBe(false);
  });

  it('asks to confirm the address and sends the link again, once (es)', async () => {
    await act(async () => {
      await i18n.changeLanguage('es');
    });
    let sends = 0;
    stubFetch((url, init) => {
      if (url === '/api/user/email-verification' && init.method === 'POST') {
        sends += 1;
        return json(200, { verified: false, canSend: true });
      }
      if (url === '/api/user/email-verification')
        return json(200, { verified: false, canSend: true });
      return json(404, {});
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountNotice user={member({ emailVerified: false })} />);
    const region = await screen.findByRole('region', { name: 'Confirma tu correo electrónico' });
    expect(region.textContent).toContain('rut@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar el enlace de nuevo' }));
    // The link's lifetime is the one the e-mail gives (VERIFICATION_LINK_HOURS), not a fixed text.
    expect(
      await screen.findByText(
        `Te enviamos un enlace nuevo a rut@example.com. Funciona durante ${VERIFICATION_LINK_HOURS} horas.`,
      ),
    ).toBeTruthy();
    // Sent: the button rests (the server also counts, once a minute).
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Enviar el enlace de nuevo' }).disabled,
    ).toBe(true);
    expect(sends).toBe(1);
  });

  it('says nothing where no mail can be sent (no mail server)', async () => {
    stubFetch(() => json(200, { verified: false, canSend: false }));
    renderWithProviders(<AccountNotice user={member({ emailVerified: false })} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: 'Please confirm your e-mail address' })).toBeNull();
  });

  it('invites a premium member to add a passkey, an app as the alternative; "Not now" waits 30 days', async () => {
    stubFetch(() => json(404, {}));
    const user = userEvent.setup();
    const premium = member({ isPremium: true });
    const { unmount } = renderWithProviders(<AccountNotice user={premium} />);
    const region = await screen.findByRole('region', {
      name: 'Protect your account with a passkey',
    });
    expect(screen.getByRole('link', { name: 'Add a passkey' }).getAttribute('href')).toBe(
      '/account-settings#passkeys',
    );
    expect(screen.getByRole('link', { name: 'Use an app instead' }).getAttribute('href')).toBe(
      '/account-settings#two-factor',
    );
    expect(region.textContent).toContain('Your Premium account');
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(
      screen.queryByRole('region', { name: 'Protect your account with a passkey' }),
    ).toBeNull();
    unmount();
    expect(accountNoticeWanted(premium)).toBe(false);
    // Another member of this browser is still asked.
    expect(accountNoticeWanted(member({ id: 'u2', isPremium: true }))).toBe(true);
  });
});

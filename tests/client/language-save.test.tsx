/**
 * Issue 22: the header's EN/ES switch saves a signed-in member's language to the account (the
 * e-mails, push and support answers follow the saved one); a visitor's choice stays on the
 * device. The switch's look is shell.test.tsx's.
 */
import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { DEFAULT_PREFERENCES } from '#shared/schemas/user.ts';
import { LanguageSwitch } from '#client/components/LanguageSwitch.tsx';
import { CURRENT_USER_KEY } from '#client/lib/auth-api.ts';
import { json, renderWithProviders, stubFetch } from './render.tsx';

const member = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 'u1',
  email: 'rut@example.com',
  firstName: 'Rut',
  lastName: 'Moabita',
  emailVerified: true,
  ageVerified: true,
  role: 'member',
  isPremium: false,
  twoFactorEnabled: false,
  hasPasskey: false,
  preferences: { ...DEFAULT_PREFERENCES, language: 'en' },
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

function setUp(user: CurrentUser | null, answer = (body: unknown) => json(200, body)) {
  const calls = stubFetch((url, init) => {
    if (url === '/api/user/preferences' && init.method === 'PATCH') {
      const change = JSON.parse(String(init.body)) as object;
      const me = user!;
      return answer({ ...me, preferences: { ...me.preferences, ...change } });
    }
    return json(200, {});
  });
  const rendered = renderWithProviders(<LanguageSwitch />);
  rendered.queryClient.setQueryData(CURRENT_USER_KEY, user);
  const saves = () => calls.filter((c) => c.url === '/api/user/preferences');
  return { ...rendered, saves };
}

describe('the language switch', () => {
  it("saves a signed-in member's choice to the account", async () => {
    const { saves, queryClient } = setUp(member());
    await userEvent.click(screen.getByRole('radio', { name: 'Español' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.init.method).toBe('PATCH');
    expect(JSON.parse(String(saves()[0]!.init.body))).toEqual({ language: 'es' });
    await waitFor(() =>
      expect(queryClient.getQueryData<CurrentUser>(CURRENT_USER_KEY)?.preferences.language).toBe(
        'es',
      ),
    );
    expect(localStorage.getItem('language')).toBe('es');
  });

  it('sends nothing for a visitor, or when the account already has that language', async () => {
    const visitor = setUp(null);
    await userEvent.click(screen.getByRole('radio', { name: 'Español' }));
    await waitFor(() => expect(localStorage.getItem('language')).toBe('es'));
    expect(visitor.saves()).toEqual([]);
    visitor.unmount();

    const already = setUp(member({ preferences: { ...DEFAULT_PREFERENCES, language: 'en' } }));
    await userEvent.click(screen.getByRole('radio', { name: 'English' }));
    await waitFor(() => expect(localStorage.getItem('language')).toBe('en'));
    expect(already.saves()).toEqual([]);
  });

  it('says so when the account refuses the change, in the language chosen', async () => {
    setUp(member(), () => json(500, { message: 'boom' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Español' }));
    await screen.findByText('No se pudo guardar el idioma en tu cuenta');
  });
});

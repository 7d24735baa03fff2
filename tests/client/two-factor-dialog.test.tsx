import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import TwoFactorDialog from '#client/features/account/TwoFactorDialog.tsx';
import { json, renderWithProviders, stubFetch } from './render.tsx';

const CODES = Array.from({ length: 10 }, (_, i) => `code-${String(i).padStart(4, '0')}`);

/** The toasts shown now (Radix keeps a closed one in the page for its exit). */
const openToasts = () =>
  [...document.querySelectorAll('li[data-state="open"]')].map((t) => t.textContent);

describe('turning on two-step verification', () => {
  it('says it is on inside the dialog: no toast covers the recovery codes, shown only once (issue 22)', async () => {
    stubFetch((url) => {
      if (url.endsWith('/two-factor/enable')) {
        return json(200, {
          totpURI: 'otpauth://totp/Camino:rut@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Camino',
          backupCodes: CODES,
          method: 'totp',
        });
      }
      return json(200, { status: true });
    });
    renderWithProviders(
      <TwoFactorDialog open mode="enable" email="rut@example.com" onOpenChange={() => undefined} />,
    );
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'a good long password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.type(await within(dialog).findByLabelText('Verification code'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Two-step verification is on.');
    // Nothing over the codes while they are shown: the toast waits for the dialog to close.
    expect(openToasts()).toEqual([]);
    expect(screen.queryByTestId('toast-dim')?.className ?? '').not.toMatch(/opacity-100/);

    await userEvent.click(within(dialog).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(openToasts()).toEqual(['Two-step verification is on.']));
  });
});

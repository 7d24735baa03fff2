import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminUserDetail } from '#shared/schemas/admin.ts';
import { MemberActions } from '#client/features/admin/MemberActions.tsx';
import { json, renderWithProviders, stubFetch } from './render.tsx';

const member = (secondStep: AdminUserDetail['secondStep']) =>
  ({
    id: 'u1',
    email: 'rut@example.com',
    firstName: 'Rut',
    lastName: 'Moabita',
    role: 'member',
    isPremium: false,
    ageVerified: true,
    locked: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    secondStep,
  }) as AdminUserDetail;

const CHECKS = 'Replied from her address and named her last ticket.';

describe('turning off a member’s second step (admin)', () => {
  it('is offered only when the member has one', () => {
    stubFetch(() => json(401, {}));
    renderWithProviders(
      <MemberActions
        member={member({ authenticatorApp: false, passkeys: 0 })}
        onDeleted={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Turn off two-step verification' })).toBeNull();
  });

  it('asks what was checked and the address, then sends both and says the member was told', async () => {
    const calls = stubFetch((url) =>
      url.endsWith('/second-step/remove') ? json(200, { ok: true, emailed: true }) : json(401, {}),
    );
    renderWithProviders(
      <MemberActions
        member={member({ authenticatorApp: true, passkeys: 1 })}
        onDeleted={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Turn off two-step verification' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: "Turn off Rut Moabita's two-step verification?",
    });
    const confirm = within(dialog).getByRole('button', { name: 'Turn off two-step verification' });
    expect(confirm).toBeDisabled();
    await userEvent.type(
      within(dialog).getByLabelText('What did you check? (kept in the audit log)'),
      CHECKS,
    );
    expect(confirm).toBeDisabled();
    await userEvent.type(
      within(dialog).getByLabelText('Type rut@example.com to confirm', { exact: false }),
      'rut@example.com',
    );
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(confirm);
    await screen.findByText(
      'Two-step verification turned off for Rut Moabita; they were told by e-mail',
    );
    const sent = calls.find((c) => c.url.endsWith('/api/admin/users/u1/second-step/remove'))!;
    expect(JSON.parse(sent.init.body as string)).toEqual({
      confirmEmail: 'rut@example.com',
      checks: CHECKS,
    });
  });
});

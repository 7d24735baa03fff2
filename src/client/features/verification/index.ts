import type { CurrentUser } from '#shared/schemas/user.ts';
import { withStrings } from '../../lib/i18n.ts';
import { secondFactorSnoozed } from './notice-state.ts';
import { readyLazy } from '#delivery/app/ready-lazy.tsx';

/**
 * Whether the member shell has something to ask of this member (ADR 0040, 0044): confirm their
 * address, or, with premium or admin rights, add a second step of signing in (a passkey first). Decided from the
 * session alone, so a member with nothing to do downloads nothing more.
 */
export function accountNoticeWanted(user: CurrentUser): boolean {
  if (!user.ageVerified) return false;
  if (!user.emailVerified) return true;
  const valuable = user.isPremium || user.role === 'admin';
  const secondStep = user.twoFactorEnabled || user.hasPasskey;
  return valuable && !secondStep && !secondFactorSnoozed(user.id);
}

/** The notice itself (render it inside a Suspense boundary), with its strings. */
export const AccountNotice = readyLazy(
  'AccountNotice',

  withStrings(['verify', 'secureAccount'], () =>
    import('./AccountNotice.tsx').then((m) => ({ default: m.AccountNotice })),
  ),
);

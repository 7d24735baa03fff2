import { lazy } from 'react';
import { withStrings } from '../../lib/i18n.ts';

/**
 * What other features may use from the groups: the dashboard's card and the lesson's share panel.
 * Each comes with its strings when first shown (docs/decisions/0029), and renders nothing for a
 * member with no group.
 */
export const GroupsCard = lazy(
  withStrings(['groupPace'], () =>
    import('./GroupsCard.tsx').then((m) => ({ default: m.GroupsCard })),
  ),
);

export const ShareReflection = lazy(
  withStrings(['groupShare'], () =>
    import('./ShareReflection.tsx').then((m) => ({ default: m.ShareReflection })),
  ),
);

import { createElement } from 'react';
import { withStrings } from '../../lib/i18n.ts';
import { useGroups } from './queries.ts';

// The churches' pages (features/churches) write and show dates as the groups' pages do.
export { readJson, useGroupWrite } from './queries.ts';
export { useGroupDate } from './format.ts';
import { readyLazy } from '#delivery/app/ready-lazy.tsx';

/**
 * What other features may use from the groups: the dashboard's card and the lesson's share panel.
 * Each comes with its strings when first shown (docs/decisions/0029), and renders nothing for a
 * member with no group.
 */
const LazyGroupsCard = readyLazy(
  'GroupsCard',

  withStrings(['groupPace'], () =>
    import('./GroupsCard.tsx').then((m) => ({ default: m.GroupsCard })),
  ),
);

/**
 * The dashboard's card, downloaded only by a member in a group: the list (which the dashboard
 * asks for early, page-data.ts) says whether there is one.
 */
export function GroupsCard() {
  const groups = useGroups();
  return groups.data?.items.length ? createElement(LazyGroupsCard) : null;
}

export const ShareReflection = readyLazy(
  'ShareReflection',

  withStrings(['groupShare'], () =>
    import('./ShareReflection.tsx').then((m) => ({ default: m.ShareReflection })),
  ),
);

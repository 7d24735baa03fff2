import UsersRound from 'lucide-react/icons/users-round';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import { groupPath } from '#shared/values/groups.ts';
import { Card } from '../../components/ui/Card.tsx';
import { PaceLine } from './PaceLine.tsx';
import { useGroups } from './queries.ts';

/** How many groups the dashboard's card shows (all of them are on /groups). */
const SHOWN = 3;

/** The dashboard's card: for each of the member's groups, their pace against the group's. */
export function GroupsCard() {
  const { t } = useTranslation();
  const groups = useGroups();
  const items = groups.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 font-serif text-xl text-brand-950">
          <UsersRound className="size-5 text-brand-700" aria-hidden />
          {t('groupPace.card.title')}
        </h2>
        <Link to="/groups" className="text-sm font-medium text-brand-700 hover:underline">
          {t('groupPace.card.all')}
        </Link>
      </div>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {items.slice(0, SHOWN).map((group) => (
          <li key={group.id} className="grid content-start gap-2">
            <Link to={groupPath(group.id)} className="font-semibold text-brand-900 hover:underline">
              {group.name}
            </Link>
            <PaceLine path={group.path} pace={group.pace} progress={group.myProgress} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

import { useTranslation } from 'react-i18next';
import type { CurrentUser, UserPreferences } from '#shared/schemas/user.ts';
import { Switch } from '../../components/ui/Switch.tsx';
import { usePreferenceSaver } from './api.ts';

/** A list of on/off preferences, each saved as soon as it is switched. */
export function ToggleList({
  user,
  keys,
  prefix,
}: {
  user: CurrentUser;
  keys: (keyof UserPreferences)[];
  prefix: string;
}) {
  const { t } = useTranslation();
  const save = usePreferenceSaver();
  return (
    <div className="divide-y divide-slate-200">
      {keys.map((key) => (
        <Switch
          key={key}
          label={t(`${prefix}.${key}`)}
          hint={t(`${prefix}.${key}Hint`, { defaultValue: '' }) || undefined}
          checked={Boolean(user.preferences[key])}
          disabled={save.isPending}
          onChange={(value) => save.mutate({ [key]: value })}
        />
      ))}
    </div>
  );
}

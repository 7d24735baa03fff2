import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  KindSetting,
  NotificationSettings,
  NotificationToggles,
} from '#shared/schemas/notifications.ts';
import {
  KIND_TOGGLE,
  KINDS_WITHOUT_EMAIL,
  REMINDER_KINDS,
  SETTING_KINDS,
  type SettingKind,
} from '#shared/values/notifications.ts';
import { TimeInput } from './TimeInput.tsx';

const isReminder = (kind: SettingKind) => (REMINDER_KINDS as readonly string[]).includes(kind);

function Check({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange?.(e.target.checked)}
        className="size-5 rounded border-slate-300 accent-brand-700"
      />
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
      </label>
    </div>
  );
}

function KindRow({
  kind,
  value,
  toggles,
  disabled,
  onChange,
}: {
  kind: SettingKind;
  value: KindSetting;
  toggles: NotificationToggles;
  disabled: boolean;
  onChange: (next: KindSetting) => void;
}) {
  const { t } = useTranslation();
  const toggle = KIND_TOGGLE[kind];
  const off = toggle !== null && !toggles[toggle];
  const name = t(`notify.kinds.${kind}.name`);
  return (
    <li className="grid gap-3 py-4 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-6">
      <div className="grid gap-0.5">
        <h3 className="text-sm font-semibold text-slate-900">{name}</h3>
        <p className="text-sm text-slate-600">{t(`notify.kinds.${kind}.hint`)}</p>
        {off ? (
          <p className="text-sm text-amber-800">
            {t('notify.settings.offByToggle', { toggle: t(`settings.notifications.${toggle}`) })}
          </p>
        ) : null}
      </div>
      <fieldset className="flex flex-wrap items-end gap-x-5 gap-y-3" disabled={disabled || off}>
        <legend className="sr-only">{name}</legend>
        {isReminder(kind) ? (
          <TimeInput
            label={t('notify.settings.time')}
            value={value.time}
            onCommit={(time) => onChange({ ...value, time })}
          />
        ) : null}
        <Check label={t('notify.settings.inApp')} checked disabled />
        {KINDS_WITHOUT_EMAIL.includes(kind) ? null : (
          <Check
            label={t('notify.settings.email')}
            checked={value.email}
            onChange={(email) => onChange({ ...value, email })}
          />
        )}
        <Check
          label={t('notify.settings.push')}
          checked={value.push}
          onChange={(push) => onChange({ ...value, push })}
        />
      </fieldset>
    </li>
  );
}

/** Per kind: the local time (reminders) and the channels; in-app is always on. */
export function KindSettings({
  settings,
  toggles,
  disabled,
  onChange,
}: {
  settings: NotificationSettings;
  toggles: NotificationToggles;
  disabled: boolean;
  onChange: (next: NotificationSettings) => void;
}) {
  return (
    <ul className="divide-y divide-slate-200">
      {SETTING_KINDS.map((kind) => (
        <KindRow
          key={kind}
          kind={kind}
          value={settings.kinds[kind]}
          toggles={toggles}
          disabled={disabled}
          onChange={(next) => onChange({ ...settings, kinds: { ...settings.kinds, [kind]: next } })}
        />
      ))}
    </ul>
  );
}

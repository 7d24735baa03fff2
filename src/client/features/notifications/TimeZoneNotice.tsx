import Globe from 'lucide-react/icons/globe';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { deviceTimeZone, sameTimeZone, zoneLabel, zonePlace } from '../../lib/time-zone.ts';
import { useDeviceValue } from '#delivery/app/device-value.ts';

/** Reminders follow the saved time zone: offers this device's when it differs. */
export function TimeZoneNotice({
  saved,
  disabled,
  onUse,
}: {
  saved: string;
  disabled: boolean;
  onUse: (timeZone: string) => void;
}) {
  const { t, i18n } = useTranslation();
  // The device's zone, unknown where the page is drawn (the server's would be taken for it).
  const device = useDeviceValue(deviceTimeZone, null);
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl bg-brand-50 p-3 text-sm text-brand-950">
      <Globe className="size-5 shrink-0 text-brand-700" aria-hidden />
      {/* At least 14rem beside the icon: a narrower column would break words mid-word; the
          button then goes to the next line. */}
      <p className="min-w-0 grow basis-56 break-words">
        {t('notify.settings.timeZone', { timeZone: zoneLabel(saved, i18n.language) })}
      </p>
      {device && !sameTimeZone(device, saved) ? (
        <Button size="sm" variant="outline" disabled={disabled} onClick={() => onUse(device)}>
          {t('notify.settings.useDeviceZone', { timeZone: zonePlace(device, i18n.language) })}
        </Button>
      ) : null}
    </div>
  );
}

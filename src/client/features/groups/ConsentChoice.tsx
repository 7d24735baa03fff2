import Check from 'lucide-react/icons/check';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSENT_LEVELS, type ConsentLevel } from '#shared/values/groups.ts';
import { cn } from '../../lib/cn.ts';

const ICONS = { membership: EyeOff, progress: Eye, reflections: MessageSquareText } as const;

/**
 * What the leaders of a group may see of the member, chosen per group (ADR 0052): three native
 * radios, each explained plainly, with what is never shown said once below them. None is chosen
 * until the member chooses (ADR 0065: consent is never preselected); `missing` is said when they
 * tried to join without choosing, and the first choice takes the focus.
 */
export function ConsentChoice({
  value,
  onChange,
  disabled,
  missing = false,
}: {
  value: ConsentLevel | null;
  onChange: (level: ConsentLevel) => void;
  disabled?: boolean;
  missing?: boolean;
}) {
  const { t } = useTranslation();
  const name = useId();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (missing) first.current?.focus();
  }, [missing]);
  return (
    <fieldset
      className="grid gap-3"
      disabled={disabled}
      aria-describedby={missing ? `${name}-missing` : undefined}
    >
      <legend className="mb-1 font-semibold text-brand-950">{t('groups.consent.legend')}</legend>
      {missing ? (
        <p id={`${name}-missing`} role="alert" className="text-sm font-medium text-red-700">
          {t('groups.consent.choose')}
        </p>
      ) : null}
      {CONSENT_LEVELS.map((level) => {
        const Icon = ICONS[level];
        const checked = value === level;
        return (
          <label key={level} className="relative block cursor-pointer">
            <input
              ref={level === CONSENT_LEVELS[0] ? first : undefined}
              type="radio"
              name={name}
              required
              value={level}
              aria-labelledby={`${name}-${level}`}
              aria-describedby={`${name}-${level}-body`}
              checked={checked}
              onChange={() => onChange(level)}
              className="peer sr-only"
            />
            <span
              className={cn(
                'grid gap-1 rounded-2xl border p-4 pr-10 transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2',
                checked
                  ? 'border-brand-700 bg-brand-50 ring-1 ring-brand-700'
                  : 'border-slate-200 hover:border-brand-300 hover:bg-slate-50',
              )}
            >
              <span className="flex items-center gap-2 font-semibold text-brand-950">
                <Icon className="size-4 shrink-0 text-brand-700" aria-hidden />
                <span id={`${name}-${level}`}>{t(`groups.consent.${level}.title`)}</span>
              </span>
              <span id={`${name}-${level}-body`} className="text-sm text-slate-700">
                {t(`groups.consent.${level}.body`)}
              </span>
            </span>
            {checked ? (
              <Check className="absolute right-3 top-3 size-5 text-brand-700" aria-hidden />
            ) : null}
          </label>
        );
      })}
      <p className="text-sm text-slate-600">{t('groups.consent.feed')}</p>
      <p className="text-sm text-slate-600">{t('groups.consent.never')}</p>
    </fieldset>
  );
}

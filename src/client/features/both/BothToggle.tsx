import Languages from 'lucide-react/icons/languages';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../lib/cn.ts';
import { useScriptureInBoth } from './preference.ts';

/** "Show in both languages": one remembered choice for lessons, verse of the day and reading. */
export function BothToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const both = useScriptureInBoth();
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-pressed={both.on}
      className={cn('w-fit px-2 text-brand-700 aria-pressed:bg-brand-50', className)}
      onClick={() => void both.set(!both.on)}
    >
      <Languages className="size-4" aria-hidden /> {t('inBoth.toggle')}
    </Button>
  );
}

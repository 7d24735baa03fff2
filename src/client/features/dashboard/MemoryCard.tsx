import Sparkles from 'lucide-react/icons/sparkles';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import type { Dashboard as DashboardData } from '#shared/schemas/dashboard.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';

export function MemoryCard({ memory }: { memory: DashboardData['memoryVerseCount'] }) {
  const { t } = useTranslation();
  return (
    <Card className="grid content-start gap-2">
      <h2 className="flex items-center gap-2 font-serif text-xl text-brand-950">
        <Sparkles className="size-5 text-gold-500" aria-hidden /> {t('dashboard.memoryTitle')}
      </h2>
      <p className="text-3xl font-semibold text-brand-900">
        {t('dashboard.memoryCount', { count: memory.total })}
      </p>
      <p className="text-sm text-slate-600">{t('dashboard.memoryDue', { count: memory.due })}</p>
      <Button
        asChild
        size="sm"
        variant={memory.due > 0 ? 'primary' : 'outline'}
        className="mt-1 w-fit"
      >
        <Link to="/memory-verses">
          {memory.total === 0 ? t('dashboard.addFirst') : t('dashboard.practiseNow')}
        </Link>
      </Button>
    </Card>
  );
}

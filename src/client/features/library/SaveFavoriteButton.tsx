import Star from 'lucide-react/icons/star';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../../components/ui/Button.tsx';
import { useSaveFavorite } from './api.ts';

/**
 * "Save to favorites" for a verse: today's verse on the dashboard (SPEC §8's message), a
 * selection in the Bible reader, or a Scripture block of the library.
 */
export function SaveFavoriteButton({
  reference,
  translation,
  today,
  variant = 'ghost',
  className,
}: {
  reference: string;
  translation?: string | null | undefined;
  today?: boolean;
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  const { t } = useTranslation();
  const save = useSaveFavorite({ today: Boolean(today) });
  return (
    <Button
      size="sm"
      variant={variant}
      className={className}
      disabled={save.isPending}
      onClick={() => save.mutate({ reference, ...(translation ? { translation } : {}) })}
    >
      <Star className="size-4" aria-hidden /> {t('library.favorites.save')}
    </Button>
  );
}

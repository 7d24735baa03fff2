import { translationLanguage } from '#shared/values/bible.ts';
import { TranslationCredit } from '../../components/TranslationCredit.tsx';
import BookOpen from 'lucide-react/icons/book-open';
import Star from 'lucide-react/icons/star';
import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useFavoriteVerses, useRemoveFavorite, type FavoriteVerse } from './api.ts';

/** /favorite-verses: the verses a member saved (today's verse, reader selections), to remove. */
export default function FavoriteVersesPage() {
  const { t } = useTranslation();
  const favorites = useFavoriteVerses();
  const [removing, setRemoving] = useState<FavoriteVerse | null>(null);
  const remove = useRemoveFavorite(() => setRemoving(null));
  const items = favorites.data?.items ?? [];
  return (
    <div className="mx-auto grid max-w-3xl">
      <PageHeader
        title={t('library.favorites.title')}
        subtitle={t('library.favorites.subtitle')}
        actions={
          favorites.data ? (
            <p className="text-sm text-slate-600">
              {t('library.favorites.count', { count: favorites.data.total })}
            </p>
          ) : null
        }
      />
      {favorites.isLoading ? (
        <Skeletons count={3} height="h-32" />
      ) : favorites.isError ? (
        <QueryError error={favorites.error} onRetry={() => void favorites.refetch()} />
      ) : items.length === 0 ? (
        <Card className="grid justify-items-center gap-3 py-10 text-center">
          <Star className="size-8 text-gold-500" aria-hidden />
          <p className="font-serif text-xl text-brand-950">{t('library.favorites.empty')}</p>
          <p className="max-w-md text-slate-600">{t('library.favorites.emptyHint')}</p>
          <Button asChild variant="outline">
            <Link to="/bible">
              <BookOpen className="size-4" aria-hidden /> {t('library.favorites.openBible')}
            </Link>
          </Button>
        </Card>
      ) : (
        <ul className="grid gap-4">
          {items.map((v) => (
            <li key={v.id}>
              <Card className="grid gap-3">
                <figure className="grid gap-2" lang={translationLanguage(v.translation)}>
                  <blockquote className="font-serif text-lg leading-relaxed text-brand-950">
                    {v.text}
                  </blockquote>
                  <figcaption className="text-sm font-semibold text-brand-800">
                    {v.reference}{' '}
                    <span className="font-normal text-slate-500">({v.translation})</span>
                  </figcaption>
                  <TranslationCredit code={v.translation} />
                </figure>
                <Button
                  size="sm"
                  variant="ghost"
                  className="w-fit px-2 text-red-700"
                  aria-label={t('library.favorites.removeLabel', { reference: v.reference })}
                  onClick={() => setRemoving(v)}
                >
                  <Trash2 className="size-4" aria-hidden /> {t('library.favorites.remove')}
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('library.favorites.confirmTitle')}
        description={t('library.favorites.confirmBody', { reference: removing?.reference ?? '' })}
        confirmLabel={t('library.favorites.remove')}
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
      />
    </div>
  );
}

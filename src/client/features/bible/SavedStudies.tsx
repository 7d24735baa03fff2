import Bookmark from 'lucide-react/icons/bookmark';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Crown from 'lucide-react/icons/crown';
import Download from 'lucide-react/icons/download';
import FileText from 'lucide-react/icons/file-text';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import type { Study } from '#shared/schemas/bible.ts';
import { hasPremiumAccess } from '#shared/values/subscription.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { useDeleteStudy, useExportStudy, useStudies } from './api.ts';
import { forgetDraft } from './studyDraft.ts';

export default function SavedStudies() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const isPremium = hasPremiumAccess(user);
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<Study | null>(null);
  const list = useStudies(page);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  const remove = useDeleteStudy((id) => {
    setDeleting(null);
    if (user) forgetDraft(user.id, id);
  });
  const exportStudy = useExportStudy();

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  return (
    <>
      <PageHeader
        title={t('study.list.title')}
        subtitle={t('study.list.subtitle')}
        actions={
          <Button asChild>
            <Link to="/bible-study">
              <Plus className="size-4" aria-hidden /> {t('study.list.start')}
            </Link>
          </Button>
        }
      />
      {list.isLoading ? (
        <Skeletons count={3} height="h-28" className="grid gap-3" />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.total === 0 ? (
        <Card className="grid justify-items-center gap-3 py-12 text-center">
          <div className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
            <Bookmark className="size-7" aria-hidden />
          </div>
          <h2 className="font-serif text-2xl text-brand-950">{t('study.list.empty')}</h2>
          <p className="max-w-md text-slate-600">{t('study.list.emptyHint')}</p>
          <Button asChild>
            <Link to="/bible-study">{t('study.list.start')}</Link>
          </Button>
        </Card>
      ) : (
        <ul className="grid gap-3">
          {list.data?.items.map((study) => (
            <li key={study.id}>
              <Card className="grid gap-4">
                <div className="grid gap-1">
                  <h2 className="font-serif text-xl text-brand-950">
                    {study.title || study.reference}
                  </h2>
                  <p className="text-sm font-medium text-brand-800">
                    {study.reference} · {study.translation}
                  </p>
                  {study.observation ? (
                    <p className="line-clamp-2 text-slate-600">{study.observation}</p>
                  ) : null}
                  <p className="text-xs text-slate-500">
                    {t('study.list.updatedOn', { date: date.format(new Date(study.updatedAt)) })}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
                  <Button asChild size="sm">
                    <Link
                      to={`/bible-study?id=${study.id}`}
                      aria-label={`${t('study.list.open')}: ${study.title || study.reference}`}
                    >
                      <Pencil className="size-4" aria-hidden /> {t('study.list.open')}
                    </Link>
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void exportStudy(study, false)}
                  >
                    <Download className="size-4" aria-hidden /> {t('study.list.export')}
                  </Button>
                  {isPremium ? (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => void exportStudy(study, true)}
                    >
                      <FileText className="size-4" aria-hidden /> {t('study.list.exportWithText')}
                    </Button>
                  ) : (
                    <Button asChild size="sm" variant="outline">
                      <Link to="/subscription" title={t('study.list.exportPremium')}>
                        <FileText className="size-4" aria-hidden /> {t('study.list.exportWithText')}
                        <Crown className="size-4 text-gold-500" aria-label={t('common.premium')} />
                      </Link>
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-700 hover:bg-red-50"
                    onClick={() => setDeleting(study)}
                  >
                    <Trash2 className="size-4" aria-hidden /> {t('study.list.delete')}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {list.data && pages > 1 ? (
        <nav
          aria-label={t('study.list.title')}
          className="mt-4 flex items-center justify-center gap-3 text-sm text-slate-600"
        >
          <Button
            size="sm"
            variant="outline"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            <ChevronLeft className="size-4" aria-hidden /> {t('study.list.previous')}
          </Button>
          {t('study.list.page', { page, pages })}
          <Button
            size="sm"
            variant="outline"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            {t('study.list.next')} <ChevronRight className="size-4" aria-hidden />
          </Button>
        </nav>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('study.list.deleteTitle')}
        description={t('study.list.deleteBody', {
          title: deleting?.title || deleting?.reference || '',
        })}
        confirmLabel={t('study.list.delete')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </>
  );
}

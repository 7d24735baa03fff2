import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { SPANISH_TRANSLATIONS } from '#shared/values/bible.ts';
import { PassageText } from '../../components/PassageText.tsx';
import { TranslationCredit } from '../../components/TranslationCredit.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { CURRENT_USER_KEY } from '../../lib/auth-api.ts';
import { apiRequest, errorMessage } from '../../lib/queryClient.ts';
import { usePassage } from '../bible/index.ts';

const SAMPLE = 'John 3:16';

export interface SpanishBibleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The one-time choice of a Spanish member's text (issue 39), in a dialog the reader's banner
 * opens: John 3:16 in the Reina-Valera 1909 and in the Versión Biblia Libre side by side, one tap
 * to choose. (A dialog: the samples arrive after the page, and would push the chapter down.)
 */
export default function SpanishBibleDialog({ open, onOpenChange }: SpanishBibleDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const choose = useMutation({
    mutationFn: async (code: (typeof SPANISH_TRANSLATIONS)[number]) =>
      (
        await apiRequest(
          'PATCH',
          '/api/user/preferences',
          { spanishBible: code, spanishBibleChosen: true },
          { idempotent: true },
        )
      ).json() as Promise<CurrentUser>,
    onSuccess: (updated) => {
      onOpenChange(false);
      queryClient.setQueryData(CURRENT_USER_KEY, updated);
      // What the server chose by the member's Spanish text (the verse of the day, the daily
      // reading, a lesson's Scriptures) is asked again in the chosen one.
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0],
      });
      toast({ title: t('bible.choice.done') });
    },
    onError: (error) =>
      toast({
        title: t('errors.title'),
        description: errorMessage(error, t),
        variant: 'destructive',
      }),
  });
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[85] grid max-h-[92svh] w-[calc(100%-1.5rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-3xl bg-white p-5 shadow-2xl focus:outline-none sm:p-6">
          <Dialog.Title className="font-serif text-2xl text-brand-950">
            {t('bible.choice.title')}
          </Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700">
            {t('bible.choice.body')}
          </Dialog.Description>
          <div className="grid gap-4 md:grid-cols-2">
            {SPANISH_TRANSLATIONS.map((code) => (
              <Sample
                key={code}
                code={code}
                pending={choose.isPending}
                onChoose={() => choose.mutate(code)}
              />
            ))}
          </div>
          <p className="text-xs text-slate-600">{t('bible.choice.later')}</p>
          <Dialog.Close asChild>
            <Button variant="outline" className="sm:w-fit">
              {t('bible.choice.notNow')}
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Sample({
  code,
  pending,
  onChoose,
}: {
  code: (typeof SPANISH_TRANSLATIONS)[number];
  pending: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const passage = usePassage(SAMPLE, code);
  return (
    <figure className="grid content-start gap-3 rounded-2xl border border-slate-200 p-4">
      <figcaption className="grid gap-0.5">
        <span className="font-semibold text-brand-950">{t(`bible.choice.names.${code}`)}</span>
        <span className="text-sm text-slate-600">{t(`bible.choice.about.${code}`)}</span>
      </figcaption>
      {passage.data ? (
        <PassageText compact verses={passage.data.verses} lang="es" />
      ) : (
        <p className="min-h-24 text-sm text-slate-600">{t('common.loading')}</p>
      )}
      <TranslationCredit code={code} />
      <Button className="sm:w-fit" disabled={pending} onClick={onChoose}>
        {t(`bible.choice.pick.${code}`)}
      </Button>
    </figure>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { SPANISH_TRANSLATIONS } from '#shared/values/bible.ts';
import { PassageText } from '../../components/PassageText.tsx';
import { TranslationCredit } from '../../components/TranslationCredit.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { CURRENT_USER_KEY } from '../../lib/auth-api.ts';
import { apiRequest, errorMessage } from '../../lib/queryClient.ts';
import { usePassage } from './api.ts';

const SAMPLE = 'John 3:16';

/**
 * The one-time choice of a Spanish member's text (issue 39): John 3:16 in the Reina-Valera 1909
 * and in the Versión Biblia Libre side by side, one tap to choose. Shown on the reader in Spanish
 * until the member chooses here or in Preferences (`spanishBibleChosen`).
 */
export function SpanishBibleChoice() {
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
      queryClient.setQueryData(CURRENT_USER_KEY, updated);
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
    <Card className="grid gap-4" role="region" aria-labelledby="spanish-choice">
      <div className="grid gap-1">
        <h2 id="spanish-choice" className="font-serif text-2xl text-brand-950">
          {t('bible.choice.title')}
        </h2>
        <p className="text-sm text-slate-700">{t('bible.choice.body')}</p>
      </div>
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
    </Card>
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

import Link2 from 'lucide-react/icons/link-2';
import { Suspense, lazy, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { withStrings } from '../../lib/i18n.ts';

/** The list and its strings, fetched when first asked for: the lab's first load stays as it was. */
const CrossReferenceList = lazy(
  withStrings(['crossReferences'], () => import('./CrossReferences.tsx')),
);

/**
 * "Where else Scripture says it" in the Bible study lab (issue 39 item 3): the studied passage's
 * cross references, the same list as the reader's panel, shown in place when asked for (the
 * interpretation step asks how the rest of Scripture sheds light on the passage).
 */
export function StudyCrossReferences({
  reference,
  translation,
}: {
  reference: string;
  translation: string;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  // Once asked for, the list stays mounted while hidden (its pages are kept).
  const [asked, setAsked] = useState(false);
  if (shown && !asked) setAsked(true);
  const id = useId();
  return (
    <Card role="region" className="grid gap-3" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-0.5">
          <h2 id={`${id}-title`} className="font-serif text-xl text-brand-950">
            {t('study.crossReferences.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('study.crossReferences.hint')}</p>
        </div>
        <Button
          size="sm"
          variant="outline"
          aria-expanded={shown}
          aria-controls={`${id}-list`}
          onClick={() => setShown((s) => !s)}
          className="group"
        >
          <Link2 className="size-4" aria-hidden />
          {/* Both words drawn, the state attribute shows one (src/delivery/README.md, rule 2). */}
          <span className="group-aria-expanded:hidden">{t('study.crossReferences.show')}</span>
          <span className="hidden group-aria-expanded:inline">
            {t('study.crossReferences.hide')}
          </span>
        </Button>
      </div>
      <div id={`${id}-list`} hidden={!shown}>
        {asked ? (
          <Suspense
            fallback={
              <p role="status" className="text-sm text-slate-600">
                {t('common.loading')}
              </p>
            }
          >
            <CrossReferenceList
              key={`${reference}|${translation}`}
              reference={reference}
              translation={translation}
              // Lines a reader's eye can follow across the lab's full width.
              className="max-w-3xl"
            />
          </Suspense>
        ) : null}
      </div>
    </Card>
  );
}

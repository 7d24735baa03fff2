import Lightbulb from 'lucide-react/icons/lightbulb';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JOURNAL_PROMPTS } from '#shared/journal-prompts.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useLanguage } from '../../lib/language.tsx';

/** A writing prompt, picked at random: another one on request, or added to the entry. */
export function JournalPrompt({ onUse }: { onUse: (prompt: string) => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [prompt, setPrompt] = useState(() => Math.floor(Math.random() * JOURNAL_PROMPTS.length));
  const current = JOURNAL_PROMPTS[prompt]!;
  return (
    <Card className="grid gap-3 bg-gradient-to-br from-white to-gold-300/20">
      <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-brand-800">
        <Lightbulb className="size-4 text-gold-500" aria-hidden /> {t('journal.promptTitle')}
      </p>
      <p className="font-serif text-lg text-brand-950">{current[language]}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            setPrompt(
              (p) =>
                (p + 1 + Math.floor(Math.random() * (JOURNAL_PROMPTS.length - 1))) %
                JOURNAL_PROMPTS.length,
            )
          }
        >
          <RefreshCw className="size-4" aria-hidden /> {t('journal.newPrompt')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onUse(current[language])}>
          {t('journal.usePrompt')}
        </Button>
      </div>
    </Card>
  );
}

import BookOpen from 'lucide-react/icons/book-open';
import X from 'lucide-react/icons/x';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Passage } from '#shared/schemas/bible.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { VerseNotFound } from '../bible/index.ts';
import { useLookUpScripture } from './api.ts';
import { Tip } from '../../components/ui/Tip.tsx';

interface Props {
  /** The typed reference (the entry's `scriptureReference`). */
  value: string;
  onChange: (reference: string) => void;
  error: string | null;
  onError: (message: string | null) => void;
}

/** The entry's scripture: a reference to look up, its text shown once found, or suggestions. */
export function ScriptureAttach({ value, onChange, error, onError }: Props) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<Passage | null>(null);
  const [suggestions, setSuggestions] = useState<string[] | null>(null);

  const lookUp = useLookUpScripture({
    onFound: (p) => {
      setPreview(p);
      setSuggestions(null);
      onError(null);
      onChange(p.reference);
    },
    onFailed: (found, message) => {
      setPreview(null);
      setSuggestions(found);
      onError(message);
    },
  });
  function look(ref = value) {
    if (!ref.trim()) {
      onError(t('bible.errors.referenceRequired'));
      toast({
        title: t('errors.title'),
        description: t('bible.errors.referenceRequired'),
        variant: 'destructive',
      });
      return;
    }
    onChange(ref);
    lookUp.mutate(ref);
  }

  return (
    <div className="grid gap-2">
      <div className="flex items-end gap-2">
        <Field
          className="flex-1"
          label={t('journal.scripture')}
          placeholder={t('journal.scripturePlaceholder')}
          value={value}
          maxLength={200}
          error={error ?? undefined}
          onChange={(e) => {
            onChange(e.target.value);
            setPreview(null);
          }}
        />
        <Button variant="outline" onClick={() => look()} disabled={lookUp.isPending}>
          <BookOpen className="size-4" aria-hidden /> {t('journal.lookUp')}
        </Button>
      </div>
      {suggestions ? <VerseNotFound suggestions={suggestions} onPick={(ref) => look(ref)} /> : null}
      {preview ? (
        <figure className="flex items-start justify-between gap-3 rounded-xl bg-brand-50 p-3">
          <div>
            <blockquote className="font-serif text-slate-900">
              {preview.verses.map((v) => v.text).join(' ')}
            </blockquote>
            <figcaption className="mt-1 text-sm font-semibold text-brand-800">
              {preview.reference} ({preview.translation})
            </figcaption>
          </div>
          <Tip label={t('journal.removeScripture')}>
            <Button
              size="icon"
              variant="ghost"
              aria-label={t('journal.removeScripture')}
              onClick={() => {
                setPreview(null);
                onChange('');
              }}
            >
              <X className="size-4" aria-hidden />
            </Button>
          </Tip>
        </figure>
      ) : null}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { isPresetTag } from '#shared/values/journal.ts';
import type { JournalEntry } from '#shared/schemas/journal.ts';

/**
 * How the journal names what it stores: a preset tag (stored as its key, `faith`) in the
 * reader's language, any other tag as typed; an entry with no title as an untitled draft, or an
 * untitled entry once published.
 */
export function useJournalLabels() {
  const { t } = useTranslation();
  return {
    tag: (tag: string) => (isPresetTag(tag) ? t(`journal.tagNames.${tag}`) : tag),
    title: (entry: Pick<JournalEntry, 'title' | 'status'>) =>
      entry.title || t(entry.status === 'draft' ? 'journal.untitled' : 'journal.untitledEntry'),
  };
}

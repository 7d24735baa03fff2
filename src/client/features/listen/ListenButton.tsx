import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type RefObject } from 'react';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { CURRENT_USER_KEY } from '../../lib/auth-api.ts';
import { withStrings } from '../../lib/i18n.ts';
import { HeadphonesIcon } from './icons.tsx';
import { announcePage, readPlace } from './place.ts';
import type { ChapterRef, ListenPlace, ListenRequest } from './types.ts';

/**
 * The player (its engine, its bar and its strings) is fetched on the first press, never with the
 * page (docs/decisions/0055): a page with a Listen button carries this button only.
 */
const loadPlayer = withStrings(['listenPlayer'], () => import('./player.tsx'));

/** What a Listen button reads: a chapter of the Bible, or a part of the page. */
export type ListenSource =
  | { kind: 'chapter'; chapter: ChapterRef }
  | {
      kind: 'page';
      /** Names what is read, for the place kept to resume: `lesson:101-1`, `gospel:es`. */
      key: string;
      /** Shown in the player. */
      title: string;
      /** The part of the page to read (headings, paragraphs, verses, list items). */
      target: RefObject<HTMLElement | null>;
      /** Runs once the whole of it has been heard (today's reading counts as read). */
      onFinished?: () => void;
    };

const resumable = (source: ListenSource, place: ListenPlace | null) =>
  place && (source.kind === 'chapter' ? !!place.chapter : place.key === source.key) ? place : null;

/**
 * "Listen", and when this member stopped listening to it before (on this device), "Continue
 * listening at Juan 3:17". `onResumeChapter` lets the reader show the chapter resumed.
 */
export function ListenButton({
  source,
  onResumeChapter,
  className,
}: {
  source: ListenSource;
  onResumeChapter?: (chapter: ChapterRef) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  // The session the app has already asked for (App.tsx), read without asking again.
  const queryClient = useQueryClient();
  const member = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY)?.id ?? 'visitor';
  const [place] = useState(() => readPlace(member));
  const [offered, setOffered] = useState(true);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const resume = offered ? resumable(source, place) : null;
  // Shown again while the player reads it (a member went elsewhere and came back): the player
  // marks the new page's parts, so the one being read is highlighted again.
  const pageKey = source.kind === 'page' ? source.key : null;
  const pageRoot = source.kind === 'page' ? source.target : null;
  useEffect(() => {
    if (pageKey && pageRoot?.current) announcePage(pageKey, pageRoot.current);
  }, [pageKey, pageRoot]);

  const start = async (at?: ListenPlace) => {
    setBusy(true);
    setFailed(false);
    setOffered(false);
    try {
      let request: ListenRequest;
      if (at?.chapter) {
        onResumeChapter?.(at.chapter);
        request = { kind: 'chapter', chapter: at.chapter };
      } else if (source.kind === 'chapter') request = source;
      else {
        const root = source.target.current;
        if (!root) return;
        const { key, title, onFinished } = source;
        request = { kind: 'page', key, title, root, onFinished };
      }
      const { listen } = await loadPlayer();
      await listen(request, { member, startId: at?.segmentId });
    } catch {
      // The player could not be fetched (offline, a new version): say so, the page stays.
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={className ?? 'flex flex-wrap items-center gap-2'}>
      <Button variant="outline" size="sm" disabled={busy} onClick={() => void start()}>
        <HeadphonesIcon className="size-4" aria-hidden /> {t('listen.button')}
      </Button>
      {resume ? (
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => void start(resume)}>
          {t('listen.continueAt', { place: resume.label })}
        </Button>
      ) : null}
      {failed ? (
        <p role="alert" className="basis-full text-sm text-red-700">
          {t('listen.loadFailed')}
        </p>
      ) : null}
    </div>
  );
}

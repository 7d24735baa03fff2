import BookOpen from 'lucide-react/icons/book-open';
import Copy from 'lucide-react/icons/copy';
import MoreHorizontal from 'lucide-react/icons/ellipsis';
import Globe from 'lucide-react/icons/globe';
import Lock from 'lucide-react/icons/lock';
import Mail from 'lucide-react/icons/mail';
import MessageCircle from 'lucide-react/icons/message-circle';
import NotebookText from 'lucide-react/icons/notebook-text';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Trash from 'lucide-react/icons/trash';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sheet, SheetAudience } from '#shared/sheets.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { lazyWhenOpen } from '../../components/lazyWhenOpen.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Menu, MenuItem, MenuLink, MenuSeparator } from '../../components/ui/Menu.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { useGroupDate } from './format.ts';
import type { SheetEditorProps } from './SheetEditor.tsx';
import { useDeleteSheet, useNewSheetLink, useSheets } from './sheets-api.ts';

const SheetEditor = lazyWhenOpen<SheetEditorProps>(() => import('./SheetEditor.tsx'));

const AUDIENCE_BADGES: Record<
  SheetAudience,
  { label: string; icon: typeof Lock; className: string }
> = {
  group: {
    label: 'groups.sheets.audience.group',
    icon: Lock,
    className: 'bg-slate-100 text-slate-700',
  },
  public: {
    label: 'groups.sheets.audience.public',
    icon: Globe,
    className: 'bg-brand-50 text-brand-900',
  },
};

/**
 * A row's actions: the app's small buttons, but growing rather than overflowing when a label
 * wraps, and tighter on a phone, where they stand two by two (390 px: "Copiar enlace").
 */
const ACTION =
  'inline-flex min-h-9 items-center justify-center gap-1.5 rounded-xl px-2 py-1.5 text-center text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 sm:gap-2 sm:px-3';
const PRIMARY = 'bg-brand-700 text-white shadow-sm hover:bg-brand-800';
const OUTLINE = 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50';

/** The link's address as it is shared: the whole URL, not the path. */
const sheetAddress = (sheet: Sheet) => new URL(sheet.url, window.location.origin).href;

function AudienceBadge({ audience }: { audience: SheetAudience }) {
  const { t } = useTranslation();
  const { label, icon: Icon, className } = AUDIENCE_BADGES[audience];
  return (
    <span
      className={cn(
        'inline-flex w-fit items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium',
        className,
      )}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden />
      {t(label)}
    </span>
  );
}

/** The leaders' actions on one sheet: WhatsApp and Copy at one tap, the rarer ones in a menu. */
interface SheetActions {
  onEdit: (sheet: Sheet) => void;
  onNewLink: (sheet: Sheet) => void;
  onDelete: (sheet: Sheet) => void;
}

/** One sheet: what it holds, its link, and for the leaders editing and sharing it. */
function SheetRow({ sheet, actions }: { sheet: Sheet; actions: SheetActions | null }) {
  const { t } = useTranslation();
  const date = useGroupDate();
  const references = sheet.passages.map((p) => p.reference).join('; ');
  const address = sheetAddress(sheet);
  const message = t('groups.sheets.share.text', { title: sheet.title, url: address });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast({ title: t('groups.sheets.share.copied') });
    } catch {
      toast({
        title: t('groups.sheets.share.copyFailed', { url: address }),
        variant: 'destructive',
      });
    }
  };
  // A page the server draws, not one of the app's: the browser loads it (no router link).
  const open = (
    <a
      href={sheet.url}
      aria-label={t('groups.sheets.openLabel', { title: sheet.title })}
      className={cn(ACTION, PRIMARY, !actions && 'w-fit')}
    >
      <BookOpen className="size-4 shrink-0" aria-hidden />
      {t('groups.sheets.open')}
    </a>
  );
  return (
    <li
      className="grid gap-3 rounded-2xl border border-slate-200 p-3 sm:p-4"
      data-testid="sheet"
      data-sheet={sheet.id}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <h3 className="break-words font-semibold text-brand-950">{sheet.title}</h3>
          {references ? <p className="text-sm text-slate-800">{references}</p> : null}
          <p className="text-sm text-slate-600">
            {t('groups.sheets.questionCount', { count: sheet.questions.length })} ·{' '}
            {t('groups.sheets.updated', { date: date(sheet.updatedAt) })}
          </p>
          <AudienceBadge audience={sheet.audience} />
        </div>
        {actions ? (
          <Menu
            label={t('groups.sheets.actions', { title: sheet.title })}
            button={<MoreHorizontal className="size-5" aria-hidden />}
            buttonClassName="-mr-1 -mt-1 inline-flex size-10 shrink-0 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-900/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <MenuLink
              href={`mailto:?subject=${encodeURIComponent(
                t('groups.sheets.share.subject', { title: sheet.title }),
              )}&body=${encodeURIComponent(message)}`}
            >
              <Mail className="size-4" aria-hidden />
              {t('groups.sheets.share.email')}
            </MenuLink>
            <MenuItem onSelect={() => actions.onNewLink(sheet)}>
              <RefreshCw className="size-4" aria-hidden />
              {t('groups.sheets.newLink')}
            </MenuItem>
            <MenuSeparator />
            <MenuItem danger onSelect={() => actions.onDelete(sheet)}>
              <Trash className="size-4" aria-hidden />
              {t('groups.sheets.delete')}
            </MenuItem>
          </Menu>
        ) : null}
      </div>
      {actions ? (
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {open}
          <button
            type="button"
            className={cn(ACTION, OUTLINE)}
            onClick={() => actions.onEdit(sheet)}
          >
            <Pencil className="size-4 shrink-0" aria-hidden />
            {t('groups.sheets.edit')}
          </button>
          <div
            role="group"
            aria-label={t('groups.sheets.share.label', { title: sheet.title })}
            className="col-span-2 grid grid-cols-2 gap-2 sm:flex"
          >
            <a
              href={`https://wa.me/?text=${encodeURIComponent(message)}`}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(ACTION, OUTLINE)}
            >
              <MessageCircle className="size-4 shrink-0" aria-hidden />
              {t('groups.sheets.share.whatsapp')}
            </a>
            <button type="button" className={cn(ACTION, OUTLINE)} onClick={() => void copy()}>
              <Copy className="size-4 shrink-0" aria-hidden />
              {t('groups.sheets.share.copy')}
            </button>
          </div>
        </div>
      ) : (
        open
      )}
    </li>
  );
}

/**
 * A group's study sheets (issue 38): every member sees them and opens their links (pages the
 * server draws, readable without the app); the leader and co-leaders also make, edit and share
 * them (WhatsApp, e-mail, the link copied), give one a new link or delete it.
 */
export function SheetsPanel({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const list = useSheets(groupId);
  const [editor, setEditor] = useState<{ open: boolean; sheet: Sheet | null; session: number }>({
    open: false,
    sheet: null,
    session: 0,
  });
  const [deleting, setDeleting] = useState<Sheet | null>(null);
  const [relinking, setRelinking] = useState<Sheet | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /**
   * A question asked from a row's menu has closed: the focus goes back to that menu's button
   * (Radix would give it to a Dialog.Trigger, and the menu's item is hidden), once Radix is done.
   */
  const focusMenuOf = (sheetId: string) =>
    setTimeout(() =>
      listRef.current
        ?.querySelector<HTMLElement>(`[data-sheet="${sheetId}"] [aria-haspopup="menu"]`)
        ?.focus(),
    );
  // A deleted sheet's row (and the button that opened the question) is gone: the focus goes
  // to the panel's heading rather than to the page's start.
  const focusHeading = useRef(false);
  useLayoutEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  });
  const remove = useDeleteSheet(groupId, () => {
    focusHeading.current = true;
    setDeleting(null);
  });
  const relink = useNewSheetLink(groupId, (sheet) => {
    setRelinking(null);
    focusMenuOf(sheet.id);
  });
  const openEditor = (sheet: Sheet | null) =>
    setEditor((e) => ({ open: true, sheet, session: e.session + 1 }));

  const canEdit = list.data?.canEdit ?? false;
  const items = list.data?.items ?? [];
  const actions: SheetActions | null = canEdit
    ? { onEdit: openEditor, onNewLink: setRelinking, onDelete: setDeleting }
    : null;

  return (
    <Card className="grid gap-4" id="sheets">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 font-serif text-2xl text-brand-950 focus:outline-none"
        >
          <NotebookText className="size-5 text-brand-700" aria-hidden />
          {t('groups.sheets.title')}
        </h2>
        {canEdit ? (
          <Button size="sm" onClick={() => openEditor(null)}>
            <Plus className="size-4" aria-hidden />
            {t('groups.sheets.new')}
          </Button>
        ) : null}
      </div>
      {canEdit ? <p className="text-sm text-slate-600">{t('groups.sheets.intro')}</p> : null}
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeletons count={2} height="h-28" />
      ) : items.length === 0 ? (
        <p className="text-slate-600">
          {canEdit ? t('groups.sheets.emptyLeader') : t('groups.sheets.emptyMember')}
        </p>
      ) : (
        <ul ref={listRef} className="grid gap-3">
          {items.map((sheet) => (
            <SheetRow key={sheet.id} sheet={sheet} actions={actions} />
          ))}
        </ul>
      )}
      {canEdit ? (
        <>
          <SheetEditor
            open={editor.open}
            onOpenChange={(open) => setEditor((e) => ({ ...e, open }))}
            groupId={groupId}
            sheet={editor.sheet}
            session={editor.session}
          />
          <ConfirmDialog
            open={relinking !== null}
            onOpenChange={(o) => {
              if (o || !relinking) return;
              focusMenuOf(relinking.id);
              setRelinking(null);
            }}
            title={t('groups.sheets.newLinkConfirm.title')}
            description={t('groups.sheets.newLinkConfirm.body')}
            confirmLabel={t('groups.sheets.newLinkConfirm.confirm')}
            pending={relink.isPending}
            onConfirm={() => relinking && relink.mutate(relinking.id)}
          />
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(o) => {
              if (o || !deleting) return;
              focusMenuOf(deleting.id);
              setDeleting(null);
            }}
            title={t('groups.sheets.deleteConfirm.title', { title: deleting?.title ?? '' })}
            description={t('groups.sheets.deleteConfirm.body')}
            confirmLabel={t('groups.sheets.deleteConfirm.confirm')}
            pending={remove.isPending}
            onConfirm={() => deleting && remove.mutate(deleting.id)}
          />
        </>
      ) : null}
    </Card>
  );
}

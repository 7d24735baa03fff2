import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Link, useSearchParams } from '../../lib/router.tsx';
import NotFound from '../../components/NotFound.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Skeletons } from '../../components/QueryStates.tsx';
import { Tabs } from '../../components/ui/Tabs.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { AuditPanel } from './AuditPanel.tsx';
import { FiguresPanel } from './FiguresPanel.tsx';
import { GroupsPanel } from './GroupsPanel.tsx';
import { MembersPanel } from './MembersPanel.tsx';
import { TicketsPanel } from './TicketsPanel.tsx';

const TABS = ['members', 'tickets', 'groups', 'figures', 'audit'] as const;
type Tab = (typeof TABS)[number];

const PANELS: Record<Tab, ReactNode> = {
  members: <MembersPanel />,
  tickets: <TicketsPanel />,
  groups: <GroupsPanel />,
  figures: <FiguresPanel />,
  audit: <AuditPanel />,
};

/** /admin: members, the ticket queue, groups, platform figures and the audit log (admins only). */
export default function Admin() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'members';
  if (user?.role !== 'admin') return <NotFound />;
  if (!user.twoFactorEnabled && !user.hasPasskey) return <TwoFactorFirst />;
  return (
    <>
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      <Tabs
        label={t('admin.tabs.label')}
        value={tab}
        onChange={(value) => setParams({ tab: value }, { replace: true })}
        className="grid min-w-0 gap-6"
        listClassName="grid grid-cols-2 gap-1 sm:flex sm:flex-wrap"
        tabClassName="px-4 py-2"
        panelClassName="min-w-0"
        tabs={TABS.map((value) => ({
          value,
          label: t(`admin.tabs.${value}`),
          content: PANELS[value],
          placeholder: <Skeletons count={2} height="h-48" />,
        }))}
      />
    </>
  );
}

/** The admin routes answer only an admin who signs in with a second step (ADR 0031). */
function TwoFactorFirst() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      <Card className="grid max-w-2xl gap-3">
        <h2 className="flex items-center gap-2 font-serif text-xl text-brand-950">
          <ShieldCheck className="size-5 text-brand-700" aria-hidden />
          {t('admin.twoFactor.title')}
        </h2>
        <p className="text-slate-700">{t('admin.twoFactor.body')}</p>
        <Button asChild className="w-fit">
          <Link to="/account-settings#two-factor">{t('admin.twoFactor.action')}</Link>
        </Button>
      </Card>
    </>
  );
}

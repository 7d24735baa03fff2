import * as Tabs from '@radix-ui/react-tabs';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { Link, useSearchParams } from '../../lib/router.tsx';
import NotFound from '../../components/NotFound.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
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
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setParams({ tab: value }, { replace: true })}
        className="grid min-w-0 gap-6"
      >
        <Tabs.List
          aria-label={t('admin.tabs.label')}
          className="grid grid-cols-2 gap-1 sm:flex sm:flex-wrap"
        >
          {TABS.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="min-w-0 rounded-xl px-4 py-2 text-sm font-medium text-slate-700 hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=active]:bg-brand-700 data-[state=active]:text-white"
            >
              {t(`admin.tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="members" className="min-w-0">
          <MembersPanel />
        </Tabs.Content>
        <Tabs.Content value="tickets" className="min-w-0">
          <TicketsPanel />
        </Tabs.Content>
        <Tabs.Content value="groups" className="min-w-0">
          <GroupsPanel />
        </Tabs.Content>
        <Tabs.Content value="figures" className="min-w-0">
          <FiguresPanel />
        </Tabs.Content>
        <Tabs.Content value="audit" className="min-w-0">
          <AuditPanel />
        </Tabs.Content>
      </Tabs.Root>
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

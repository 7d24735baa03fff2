import * as Tabs from '@radix-ui/react-tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import NotFound from '../../components/NotFound.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { AuditPanel } from './AuditPanel.tsx';
import { FiguresPanel } from './FiguresPanel.tsx';
import { MembersPanel } from './MembersPanel.tsx';
import { TicketsPanel } from './TicketsPanel.tsx';

const TABS = ['members', 'tickets', 'figures', 'audit'] as const;
type Tab = (typeof TABS)[number];

/** /admin: members, the ticket queue, platform figures and the audit log (admins only). */
export default function Admin() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'members';
  if (user?.role !== 'admin') return <NotFound />;
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

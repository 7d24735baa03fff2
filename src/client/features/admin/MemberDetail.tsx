import * as Dialog from '@radix-ui/react-dialog';
import X from 'lucide-react/icons/x';
import { useTranslation } from 'react-i18next';
import type { AdminUserDetail } from '#shared/schemas/admin.ts';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Tip } from '../../components/ui/Tip.tsx';
import { useAdminUser } from './api.ts';
import { MemberActions } from './MemberActions.tsx';

function Facts({ items }: { items: [string, string | number][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm min-[420px]:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-slate-600">{label}</dt>
          <dd className="break-words font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DetailBody({ member, onClose }: { member: AdminUserDetail; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const dateTime = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const p = member.progress;
  const premium = member.premium;
  return (
    <div className="grid gap-5">
      <Facts
        items={[
          [t('admin.columns.email'), member.email],
          [t('admin.columns.role'), t(`admin.roles.${member.role}`)],
          [t('admin.columns.joined'), date.format(new Date(member.createdAt))],
          [
            t('admin.member.lastActive'),
            member.lastActiveAt
              ? dateTime.format(new Date(member.lastActiveAt))
              : t('admin.member.never'),
          ],
          [
            t('admin.member.secondStep'),
            [
              member.secondStep.authenticatorApp ? t('admin.member.secondStepApp') : null,
              member.secondStep.passkeys > 0
                ? t('admin.member.secondStepPasskeys', { count: member.secondStep.passkeys })
                : null,
            ]
              .filter(Boolean)
              .join(' · ') || t('admin.member.secondStepNone'),
          ],
        ]}
      />
      <section className="grid gap-2">
        <h3 className="font-semibold text-brand-950">{t('admin.member.premiumState')}</h3>
        <Facts
          items={[
            [
              t('admin.member.premiumState'),
              premium.active ? t('admin.member.premiumActive') : t('admin.member.premiumInactive'),
            ],
            [
              t('admin.member.source'),
              `${t(`admin.member.sources.${premium.source}`)}${
                premium.since
                  ? ` · ${t('admin.member.since', { date: date.format(new Date(premium.since)) })}`
                  : ''
              }`,
            ],
            ...(premium.subscriptionStatus
              ? [
                  [
                    t('admin.member.subscription'),
                    t(`admin.member.subscriptionKinds.${premium.subscriptionStatus}`, {
                      date: premium.renewsAt ? date.format(new Date(premium.renewsAt)) : '—',
                    }),
                  ] as [string, string],
                ]
              : []),
          ]}
        />
      </section>
      <section className="grid gap-2">
        <h3 className="font-semibold text-brand-950">{t('admin.member.progress')}</h3>
        <Facts
          items={[
            [t('admin.member.lessonsCompleted'), p.lessonsCompleted],
            [t('admin.member.journalEntries'), p.journalEntries],
            [t('admin.member.prayerRequests'), p.prayerRequests],
            [t('admin.member.memoryVerses'), p.memoryVerses],
            [t('admin.member.readingPlan'), p.readingPlan ?? t('admin.member.noPlan')],
            [t('admin.member.tickets'), p.tickets],
          ]}
        />
      </section>
      <MemberActions member={member} onDeleted={onClose} />
    </div>
  );
}

/** A member's detail and actions, in a dialog over the list. */
export function MemberDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useAdminUser(id);
  const m = detail.data;
  const name = m ? `${m.firstName} ${m.lastName}`.trim() || m.email : t('admin.member.detail');
  return (
    <Dialog.Root open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[75] grid max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-3xl bg-white p-5 shadow-2xl focus:outline-none sm:p-6">
          <div className="flex items-start justify-between gap-3">
            <div className="grid min-w-0 gap-1">
              <Dialog.Title className="break-words font-serif text-2xl text-brand-950">
                {name}
              </Dialog.Title>
              <Dialog.Description className="text-slate-600">
                {t('admin.member.detail')}
              </Dialog.Description>
            </div>
            <Tip label={t('admin.member.close')}>
              <Dialog.Close
                aria-label={t('admin.member.close')}
                className="-mr-2 -mt-1 rounded-xl p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <X className="size-5" aria-hidden />
              </Dialog.Close>
            </Tip>
          </div>
          {detail.isLoading ? (
            <Skeletons count={3} height="h-16" />
          ) : detail.isError ? (
            <QueryError error={detail.error} onRetry={() => void detail.refetch()} />
          ) : m && m.id === id ? (
            <DetailBody member={m} onClose={onClose} />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

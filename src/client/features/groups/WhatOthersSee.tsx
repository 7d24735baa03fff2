import Check from 'lucide-react/icons/check';
import EyeOff from 'lucide-react/icons/eye-off';
import ScanEye from 'lucide-react/icons/scan-eye';
import { useTranslation } from 'react-i18next';
import type { GroupDetail } from '#shared/groups.ts';
import type { UserPreferences } from '#shared/schemas/user.ts';
import { ABOUT_A_MEMBER, type AboutAMemberField } from '#shared/values/what-others-see.ts';
import { Card } from '../../components/ui/Card.tsx';
import { Link } from '../../lib/router.tsx';
import { ACTIVE_DAYS_AIM } from '#shared/values/churches.ts';
import { useGroupChurch } from './church-api.ts';

/**
 * How each field the others receive about a member is said (`groups.whatOthersSee.fields.*`).
 * Every field of ABOUT_A_MEMBER needs one (TypeScript checks it): a field added to what a role
 * receives, which the contract test forces into that list, cannot stay off this page.
 */
const LABEL: Record<AboutAMemberField, string> = {
  firstName: 'name',
  lastName: 'name',
  role: 'role',
  level: 'level',
  joinedAt: 'joinedAt',
  sharedReflections: 'sharedReflections',
  path: 'percent',
  'path.kind': 'percent',
  'path.percent': 'percent',
  'path.lessonsDone': 'lessonsDone',
  'path.lessonsTotal': 'lessonsDone',
  'path.nextLesson': 'nextLesson',
  'path.nextLesson.id': 'nextLesson',
  'path.nextLesson.title': 'nextLesson',
  'path.onPlan': 'dayReached',
  'path.dayReached': 'dayReached',
  'path.expectedDay': 'dayReached',
  'path.daysBehind': 'behind',
  'path.behind': 'behind',
  lastActiveDay: 'lastActiveDay',
  currentStreak: 'currentStreak',
  lesson: 'lesson',
  'lesson.id': 'lesson',
  'lesson.title': 'lesson',
  badge: 'badge',
  at: 'at',
  text: 'text',
  sharedAt: 'sharedAt',
  updatedAt: 'sharedAt',
  heldOn: 'heldOn',
  present: 'present',
  title: 'prayerTitle',
  description: 'prayerDescription',
  urgent: 'prayerUrgent',
  status: 'prayerStatus',
  sharedOn: 'prayerSharedOn',
};

/** The labels of a list of fields, each said once, in the list's order. */
const labelsOf = (fields: readonly AboutAMemberField[]) => [
  ...new Set(fields.map((f) => LABEL[f])),
];

interface Part {
  /** What this part is (the member list, progress, a milestone, a reflection). */
  title: string;
  /** Shown now, with these fields; or not, and why. */
  shown: boolean;
  why?: string;
  fields: readonly AboutAMemberField[];
}

function Audience({ title, parts }: { title: string; parts: Part[] }) {
  const { t } = useTranslation();
  const P = 'groups.whatOthersSee';
  return (
    <section className="grid gap-2">
      <h3 className="font-semibold text-brand-950">{title}</h3>
      <ul className="grid gap-3">
        {parts.map((part) => (
          <li key={part.title} className="grid gap-1">
            <p className="flex items-start gap-2 text-slate-900">
              {part.shown ? (
                <Check className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
              ) : (
                <EyeOff className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
              )}
              <span>
                <span className="font-medium">{part.title}</span>
                {part.shown ? null : <span className="text-slate-600"> {part.why}</span>}
              </span>
            </p>
            {part.shown ? (
              <ul className="ml-6 list-disc pl-4 text-sm text-slate-700">
                {labelsOf(part.fields).map((label) => (
                  <li key={label}>{t(`${P}.fields.${label}`)}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "What others see of me" in this group: exactly the fields the leaders and the other members
 * receive about the reader (ABOUT_A_MEMBER, the contract test's lists), by what the reader chose
 * here (their level) and in their privacy settings (profile visibility, activity sharing).
 */
export function WhatOthersSee({
  group,
  preferences,
}: {
  group: GroupDetail;
  preferences: Pick<UserPreferences, 'profileVisibility' | 'activitySharing'>;
}) {
  const { t } = useTranslation();
  const P = 'groups.whatOthersSee';
  const { level, role } = group.me;
  const leads = role !== 'member';
  const sharesProgress = level !== 'membership';
  const nameShown = leads || preferences.profileVisibility;
  const milestones = sharesProgress && preferences.activitySharing && nameShown;
  const reflections = level === 'reflections';
  const about = ABOUT_A_MEMBER;
  const church = useGroupChurch(group.id).data?.church;
  return (
    <Card className="grid gap-4" id="what-others-see">
      <h2 className="flex items-center gap-2 font-serif text-2xl text-brand-950">
        <ScanEye className="size-5 text-brand-700" aria-hidden />
        {t(`${P}.title`)}
      </h2>
      <p className="text-sm text-slate-700">{t(`${P}.intro`)}</p>
      <Audience
        title={t(`${P}.leaders`)}
        parts={[
          { title: t(`${P}.memberList`), shown: true, fields: about.leaderRow },
          {
            title: t(`${P}.progress`),
            shown: sharesProgress,
            why: t(`${P}.notAtYourLevel`),
            fields: about.leaderProgress,
          },
          {
            title: t(`${P}.reflection`),
            shown: reflections,
            why: t(`${P}.notAtYourLevel`),
            fields: about.reflection,
          },
          // The leaders record who came to a meeting: at any level, as they saw it.
          { title: t(`${P}.attendance`), shown: true, fields: about.attendance },
          // Only the requests the member shares here, one by one.
          { title: t(`${P}.prayer`), shown: true, fields: about.prayer },
        ]}
      />
      <Audience
        title={t(`${P}.members`)}
        parts={[
          {
            title: t(`${P}.memberList`),
            shown: nameShown,
            why: t(`${P}.profileOff`),
            fields: about.memberRow,
          },
          {
            title: t(`${P}.milestone`),
            shown: milestones,
            why: t(
              !sharesProgress
                ? `${P}.notAtYourLevel`
                : !preferences.activitySharing
                  ? `${P}.activityOff`
                  : `${P}.profileOff`,
            ),
            fields: about.milestone,
          },
          {
            title: t(`${P}.reflectionToAll`),
            shown: reflections && group.membersSeeReflections,
            why: t(reflections ? `${P}.leadersOnlyGroup` : `${P}.notAtYourLevel`),
            fields: about.reflection,
          },
        ]}
      />
      <section className="grid gap-2">
        <h3 className="font-semibold text-brand-950">{t(`${P}.counts`)}</h3>
        <p className="flex items-start gap-2 text-slate-900">
          {sharesProgress ? (
            <Check className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
          ) : (
            <EyeOff className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
          )}
          <span>
            {t(`${P}.rhythm`)}
            {sharesProgress ? null : (
              <span className="text-slate-600"> {t(`${P}.notAtYourLevel`)}</span>
            )}
          </span>
        </p>
        {church?.status === 'attached' ? (
          <p className="flex items-start gap-2 text-slate-900">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
            <span>
              {t(`${P}.pastors`, { church: church.name, aim: ACTIVE_DAYS_AIM })}
              {sharesProgress ? null : (
                <span className="text-slate-600"> {t(`${P}.pastorsNoDays`)}</span>
              )}
            </span>
          </p>
        ) : null}
      </section>
      <p className="text-sm text-slate-600">{t('groups.consent.never')}</p>
      <p className="text-sm">
        <Link
          to="/account-settings?tab=privacy"
          className="font-medium text-brand-800 underline underline-offset-2"
        >
          {t(`${P}.settings`)}
        </Link>
      </p>
    </Card>
  );
}

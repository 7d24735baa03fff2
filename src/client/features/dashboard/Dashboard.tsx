import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { GroupsCard } from '../groups/index.ts';
import { useDashboard } from './api.ts';
import { CourseProgressCard } from './CourseProgressCard.tsx';
import { MemoryCard } from './MemoryCard.tsx';
import { QuickActions } from './QuickActions.tsx';
import { RecentActivityCard } from './RecentActivityCard.tsx';
import { StreakCard } from './StreakCard.tsx';
import { TodayReadingCard } from './TodayReadingCard.tsx';
import { VerseOfTheDayCard } from './VerseOfTheDayCard.tsx';

export default function Dashboard() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const dashboard = useDashboard({ enabled: !!user?.ageVerified });
  const d = dashboard.data;
  return (
    <>
      <PageHeader
        title={t('dashboard.welcome', { name: user?.firstName ?? '' })}
        subtitle={t('dashboard.welcomeSubtitle')}
      />
      {dashboard.isError ? (
        <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : !d ? (
        <Skeletons count={4} height="h-40" className="grid gap-4 lg:grid-cols-3" />
      ) : (
        <div className="grid gap-6">
          <div className="grid gap-4 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <VerseOfTheDayCard verse={d.verseOfTheDay} />
            </div>
            <StreakCard streak={d.streak} tracking={user?.preferences.progressTracking ?? true} />
          </div>
          <QuickActions actions={d.quickActions} />
          <div className="grid gap-4 lg:grid-cols-3">
            <TodayReadingCard reading={d.todaysReading} />
            <MemoryCard memory={d.memoryVerseCount} />
            <CourseProgressCard courses={d.courseProgress} />
          </div>
          <Suspense fallback={null}>
            <GroupsCard />
          </Suspense>
          <RecentActivityCard items={d.recentActivity} />
        </div>
      )}
    </>
  );
}

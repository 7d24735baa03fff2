import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;

const page = (load: () => Promise<{ default: ComponentType }>): Page => lazy(load);

export const pages = {
  Landing: page(() => import('./pages/Landing.tsx')),
  AboutUs: page(() => import('./pages/AboutUs.tsx')),
  CourseOverview: page(() => import('./pages/CourseOverview.tsx')),
  SignIn: page(() => import('./pages/SignIn.tsx')),
  SignUp: page(() => import('./pages/SignUp.tsx')),
  ForgotPassword: page(() => import('./pages/ForgotPassword.tsx')),
  ResetPassword: page(() => import('./pages/ResetPassword.tsx')),
  Terms: page(() => import('./pages/Legal.tsx').then((m) => ({ default: m.TermsPage }))),
  Privacy: page(() => import('./pages/Legal.tsx').then((m) => ({ default: m.PrivacyPage }))),
  Dashboard: page(() => import('./features/dashboard/Dashboard.tsx')),
  AccountSettings: page(() => import('./features/account/AccountSettings.tsx')),
  Admin: page(() => import('./features/admin/Admin.tsx')),
  Support: page(() => import('./features/support/Support.tsx')),
  NotFound: page(() => import('./components/NotFound.tsx')),
  BibleReader: page(() => import('./features/bible/BibleReader.tsx')),
  BibleStudy: page(() => import('./features/bible/BibleStudy.tsx')),
  SavedStudies: page(() => import('./features/bible/SavedStudies.tsx')),
  Courses: page(() => import('./features/courses/Courses.tsx')),
  CourseDetail: page(() => import('./features/courses/CourseDetail.tsx')),
  Course202Intro: page(() =>
    import('./features/courses/CourseDetail.tsx').then((m) => ({ default: m.Course202Intro })),
  ),
  Course303Intro: page(() =>
    import('./features/courses/CourseDetail.tsx').then((m) => ({ default: m.Course303Intro })),
  ),
  Lesson: page(() => import('./features/courses/Lesson.tsx')),
  CurriculumComplete: page(() => import('./features/courses/CurriculumComplete.tsx')),
  MemoryVerses: page(() => import('./features/memory/MemoryVerses.tsx')),
  Journal: page(() => import('./features/journal/Journal.tsx')),
  Prayer: page(() => import('./features/prayer/Prayer.tsx')),
  Goals: page(() => import('./features/goals/Goals.tsx')),
  ReadingPlans: page(() => import('./features/reading/ReadingPlans.tsx')),
  DailyReading: page(() => import('./features/reading/DailyReading.tsx')),
  Notifications: page(() => import('./features/notifications/Notifications.tsx')),
  NotificationSettings: page(() => import('./features/notifications/NotificationSettings.tsx')),
  NotificationTest: page(() => import('./features/notifications/NotificationTest.tsx')),
  Subscription: page(() => import('./features/subscription/SubscriptionPage.tsx')),
  WelcomePremium: page(() => import('./features/subscription/WelcomePremium.tsx')),
  Sermons: page(() => import('./features/library/Sermons.tsx')),
  SermonDetail: page(() => import('./features/library/SermonDetail.tsx')),
  Books: page(() => import('./features/library/Books.tsx')),
  Heroes: page(() => import('./features/library/Heroes.tsx')),
  HeroDetail: page(() => import('./features/library/HeroDetail.tsx')),
  Resources: page(() => import('./features/library/Resources.tsx')),
  ResourceDetail: page(() => import('./features/library/ResourceDetail.tsx')),
  Gospel: page(() => import('./features/library/Gospel.tsx')),
  GospelForVisitors: page(() =>
    import('./features/library/Gospel.tsx').then((m) => ({ default: m.GospelForVisitors })),
  ),
  FavoriteVerses: page(() => import('./features/library/FavoriteVerses.tsx')),
};

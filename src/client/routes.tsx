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
  Dashboard: page(() => import('./pages/Dashboard.tsx')),
  AccountSettings: page(() => import('./pages/AccountSettings.tsx')),
  Admin: page(() => import('./pages/Admin.tsx')),
  NotFound: page(() => import('./pages/NotFound.tsx')),
  ComingSoon: page(() => import('./pages/ComingSoon.tsx')),
  BibleReader: page(() => import('./pages/BibleReader.tsx')),
  BibleStudy: page(() => import('./pages/BibleStudy.tsx')),
  SavedStudies: page(() => import('./pages/SavedStudies.tsx')),
  Courses: page(() => import('./pages/Courses.tsx')),
  CourseDetail: page(() => import('./pages/CourseDetail.tsx')),
  Course202Intro: page(() =>
    import('./pages/CourseDetail.tsx').then((m) => ({ default: m.Course202Intro })),
  ),
  Course303Intro: page(() =>
    import('./pages/CourseDetail.tsx').then((m) => ({ default: m.Course303Intro })),
  ),
  Lesson: page(() => import('./pages/Lesson.tsx')),
  CurriculumComplete: page(() => import('./pages/CurriculumComplete.tsx')),
  MemoryVerses: page(() => import('./pages/MemoryVerses.tsx')),
  Journal: page(() => import('./pages/Journal.tsx')),
  Prayer: page(() => import('./pages/Prayer.tsx')),
  Goals: page(() => import('./pages/Goals.tsx')),
  ReadingPlans: page(() => import('./pages/ReadingPlans.tsx')),
  DailyReading: page(() => import('./pages/DailyReading.tsx')),
};

/**
 * Signed-in routes of SPEC §2 whose features arrive with later issues; each shows a
 * translated "being prepared" page until then. Values are the nav label keys.
 */
export const UPCOMING_MEMBER_ROUTES: Record<string, string> = {
  '/sermons': 'nav.sermons',
  '/books': 'nav.books',
  '/heroes-of-faith': 'nav.heroesOfFaith',
  '/notification-settings': 'nav.notificationSettings',
  '/notification-test': 'nav.notificationTest',
  '/notifications': 'nav.notifications',
  '/resources': 'nav.resources',
  '/gospel': 'nav.gospel',
  '/subscription': 'nav.subscription',
  '/welcome-premium': 'nav.welcomePremium',
  '/support': 'nav.support',
};

/** Every member path, so a visitor who opens one is sent to sign in first. */
export const MEMBER_PATHS = [
  '/',
  '/account-settings',
  '/admin',
  '/bible',
  '/bible-study',
  '/saved-studies',
  '/courses',
  '/courses/:courseId',
  '/course-202-intro',
  '/course-303-intro',
  '/curriculum-complete',
  '/lesson/:id',
  '/memory-verses',
  '/journal',
  '/prayer',
  '/goals',
  '/reading-plans',
  '/daily-reading',
  ...Object.keys(UPCOMING_MEMBER_ROUTES),
];

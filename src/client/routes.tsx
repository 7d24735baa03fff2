import type { ComponentType } from 'react';
import { AppReady } from '#delivery/app/app-ready.tsx';
import { withStrings } from './lib/i18n.ts';
import { readyLazy, type ReadyLazy } from '#delivery/app/ready-lazy.tsx';
import type { StringChunk } from './lib/string-chunks.ts';

/**
 * A lazily loaded page that can also be fetched ahead of its first render (`preload`), or made
 * ready to render without suspending (`ready`).
 */
export type Page = ReadyLazy & { preload: () => Promise<unknown> };

/**
 * A route's page: its module and the chunks of strings it shows beyond `core`, fetched at once,
 * so the page renders with its text (docs/decisions/0029; checked by
 * tests/shared/strings-per-page.test.ts, read by the build's byte budgets and precache).
 */
const page = (
  strings: readonly StringChunk[],
  load: () => Promise<{ default: ComponentType }>,
): Page => {
  const loadWithStrings = withStrings(strings, load);
  let loading: Promise<{ default: ComponentType }> | undefined;
  // One download, whether the boot fetched it ahead (preload.ts) or the route rendered first;
  // a failed one (offline, a new deploy) is tried again next time.
  const once = () => {
    loading ??= loadWithStrings().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  // The page, then AppReady: the app says it handles the page once the page itself is there.
  let ready: ComponentType | undefined;
  const render = () =>
    once().then(({ default: Loaded }) => {
      ready ??= function ReadyPage() {
        return (
          <>
            <Loaded />
            <AppReady />
          </>
        );
      };
      return { default: ready };
    });
  return Object.assign(readyLazy(null, render), { preload: once });
};

export const pages = {
  Landing: page(['landing'], () => import('./pages/Landing.tsx')),
  AboutUs: page(['about'], () => import('./pages/AboutUs.tsx')),
  CourseOverview: page(['courseOverview'], () => import('./pages/CourseOverview.tsx')),
  SignIn: page(['auth'], () => import('./pages/SignIn.tsx')),
  SignUp: page(['auth'], () => import('./pages/SignUp.tsx')),
  ForgotPassword: page(['auth'], () => import('./pages/ForgotPassword.tsx')),
  ResetPassword: page(['auth'], () => import('./pages/ResetPassword.tsx')),
  // The confirmation e-mail's link (ADR 0040): for visitors and members alike.
  VerifyEmail: page(['verify'], () => import('./features/verification/VerifyEmail.tsx')),
  Terms: page([], () => import('./pages/Legal.tsx').then((m) => ({ default: m.TermsPage }))),
  Privacy: page([], () => import('./pages/Legal.tsx').then((m) => ({ default: m.PrivacyPage }))),
  BibleTexts: page([], () => import('./pages/BibleTexts.tsx')),
  Dashboard: page(
    ['dashboard', 'courses', 'readingPlans', 'library', 'listen'],
    () => import('./features/dashboard/Dashboard.tsx'),
  ),
  AccountSettings: page(
    ['settings', 'auth', 'sessions'],
    () => import('./features/account/AccountSettings.tsx'),
  ),
  Admin: page(['admin', 'support'], () => import('./features/admin/Admin.tsx')),
  Support: page(['support'], () => import('./features/support/Support.tsx')),
  NotFound: page([], () => import('./components/NotFound.tsx')),
  BibleReader: page(
    ['bible', 'study', 'library', 'subscription', 'listen', 'offlinePack'],
    () => import('./features/bible/BibleReader.tsx'),
  ),
  BibleStudy: page(['study', 'bible'], () => import('./features/bible/BibleStudy.tsx')),
  SavedStudies: page(['study', 'subscription'], () => import('./features/bible/SavedStudies.tsx')),
  Courses: page(['courses'], () => import('./features/courses/Courses.tsx')),
  CourseDetail: page(
    ['courses', 'subscription'],
    () => import('./features/courses/CourseDetail.tsx'),
  ),
  Course202Intro: page(['courses', 'subscription'], () =>
    import('./features/courses/CourseDetail.tsx').then((m) => ({ default: m.Course202Intro })),
  ),
  Course303Intro: page(['courses', 'subscription'], () =>
    import('./features/courses/CourseDetail.tsx').then((m) => ({ default: m.Course303Intro })),
  ),
  Lesson: page(
    ['courses', 'subscription', 'listen'],
    () => import('./features/courses/Lesson.tsx'),
  ),
  CurriculumComplete: page(['courses'], () => import('./features/courses/CurriculumComplete.tsx')),
  MemoryVerses: page(
    ['memory', 'bible', 'study'],
    () => import('./features/memory/MemoryVerses.tsx'),
  ),
  Journal: page(['journal', 'bible', 'study'], () => import('./features/journal/Journal.tsx')),
  Prayer: page(['prayer', 'courses'], () => import('./features/prayer/Prayer.tsx')),
  Goals: page(['goals', 'subscription'], () => import('./features/goals/Goals.tsx')),
  ReadingPlans: page(
    ['readingPlans', 'courses'],
    () => import('./features/reading/ReadingPlans.tsx'),
  ),
  DailyReading: page(
    ['readingPlans', 'bible', 'study', 'courses', 'listen'],
    () => import('./features/reading/DailyReading.tsx'),
  ),
  Notifications: page(
    ['notify', 'courses'],
    () => import('./features/notifications/Notifications.tsx'),
  ),
  NotificationSettings: page(
    ['notify', 'settings'],
    () => import('./features/notifications/NotificationSettings.tsx'),
  ),
  NotificationTest: page(['notify'], () => import('./features/notifications/NotificationTest.tsx')),
  Subscription: page(
    ['subscription'],
    () => import('./features/subscription/SubscriptionPage.tsx'),
  ),
  WelcomePremium: page(
    ['welcomePremium', 'subscription'],
    () => import('./features/subscription/WelcomePremium.tsx'),
  ),
  Sermons: page(['library'], () => import('./features/library/Sermons.tsx')),
  SermonDetail: page(['library', 'listen'], () => import('./features/library/SermonDetail.tsx')),
  Books: page(['library'], () => import('./features/library/Books.tsx')),
  Heroes: page(['library'], () => import('./features/library/Heroes.tsx')),
  HeroDetail: page(['library'], () => import('./features/library/HeroDetail.tsx')),
  Resources: page(['library'], () => import('./features/library/Resources.tsx')),
  ResourceDetail: page(['library'], () => import('./features/library/ResourceDetail.tsx')),
  Gospel: page(['library', 'listen'], () => import('./features/library/Gospel.tsx')),
  GospelForVisitors: page(['library', 'listen'], () =>
    import('./features/library/Gospel.tsx').then((m) => ({ default: m.GospelForVisitors })),
  ),
  FavoriteVerses: page(['library'], () => import('./features/library/FavoriteVerses.tsx')),
  Groups: page(['groups', 'groupPace'], () => import('./features/groups/Groups.tsx')),
  // `courses` for the badge names in the group's activity (courses.badges, one set for the app).
  GroupPage: page(
    ['groups', 'groupPace', 'groupShare', 'courses'],
    () => import('./features/groups/GroupPage.tsx'),
  ),
  // An invitation link (issue 25): for visitors (then sign up or sign in) and members alike.
  Invitation: page(['groups'], () => import('./features/groups/InvitationPage.tsx')),
  Churches: page(['churches'], () => import('./features/churches/Churches.tsx')),
  ChurchPage: page(['churches'], () => import('./features/churches/ChurchPage.tsx')),
};

/**
 * One route of the app, declared once (src/delivery/README.md): its path, its page (with the
 * strings it shows), and what it reads first. From this declaration the app routes, the build
 * names each route's scripts and data for the server (scripts/build/preloads.ts, read with
 * TypeScript's parser: keep every value a literal), the server draws the page with that data
 * asked first, and the app's shell asks for it as soon as the session answers.
 */
export interface RouteDeclaration {
  /** `/lesson/:id`: a `:name` segment matches any one segment. */
  path: string;
  page: Page;
  /**
   * The URLs the page's first queries fetch (their query keys), `:name` taken from the path:
   * asked before the page's code has arrived, and before its first drawing on the server.
   */
  data?: readonly string[];
}

/** A member route, rendered by MemberApp.tsx. */
export interface MemberRoute extends RouteDeclaration {
  /**
   * The server does not draw it (docs/decisions/0060): the page acts as it opens (a link's
   * token used, a payment's outcome asked for), which only the member's browser may do.
   */
  notDrawn?: true;
}

/** A visitor route, rendered by VisitorApp (App.tsx); some are drawn at build time in each
 * language (src/delivery/render/prerender.tsx). */
export type VisitorRoute = RouteDeclaration;

/** The visitor routes (a visitor opening a member route is sent to sign in first). */
export const visitorRoutes: readonly VisitorRoute[] = [
  { path: '/', page: pages.Landing },
  { path: '/about-us', page: pages.AboutUs },
  { path: '/course-overview', page: pages.CourseOverview },
  { path: '/support', page: pages.Support },
  { path: '/gospel', page: pages.GospelForVisitors },
  { path: '/terms-of-service', page: pages.Terms },
  { path: '/privacy-policy', page: pages.Privacy },
  { path: '/bible-texts', page: pages.BibleTexts },
  { path: '/sign-in', page: pages.SignIn },
  { path: '/sign-up', page: pages.SignUp },
  { path: '/forgot-password', page: pages.ForgotPassword },
  { path: '/reset-password', page: pages.ResetPassword },
  { path: '/verify-email', page: pages.VerifyEmail },
  { path: '/invitations/:token', page: pages.Invitation },
  { path: '/churches', page: pages.Churches, data: ['/api/churches'] },
  { path: '/churches/:id', page: pages.ChurchPage, data: ['/api/churches/:id'] },
];

/** The member routes, rendered by MemberApp.tsx. */
export const memberRoutes: readonly MemberRoute[] = [
  // The dashboard's groups card reads the groups list (features/groups/GroupsCard.tsx).
  { path: '/', page: pages.Dashboard, data: ['/api/dashboard', '/api/groups'] },
  { path: '/account-settings', page: pages.AccountSettings },
  { path: '/verify-email', page: pages.VerifyEmail, notDrawn: true },
  { path: '/admin', page: pages.Admin },
  { path: '/support', page: pages.Support },
  { path: '/bible', page: pages.BibleReader },
  { path: '/bible-study', page: pages.BibleStudy },
  { path: '/saved-studies', page: pages.SavedStudies },
  { path: '/courses', page: pages.Courses, data: ['/api/courses'] },
  { path: '/courses/:courseId', page: pages.CourseDetail },
  { path: '/course-202-intro', page: pages.Course202Intro },
  { path: '/course-303-intro', page: pages.Course303Intro },
  { path: '/lesson/:id', page: pages.Lesson },
  { path: '/curriculum-complete', page: pages.CurriculumComplete },
  // The list opens on every category.
  { path: '/memory-verses', page: pages.MemoryVerses, data: ['/api/memory-verses'] },
  // The first page of entries, no filter.
  { path: '/journal', page: pages.Journal, data: ['/api/journal?page=1'] },
  // Both tabs' first pages: the page shows both lists' counts.
  {
    path: '/prayer',
    page: pages.Prayer,
    data: ['/api/prayers?status=active&page=1', '/api/prayers?status=answered&page=1'],
  },
  { path: '/goals', page: pages.Goals, data: ['/api/goals'] },
  { path: '/reading-plans', page: pages.ReadingPlans, data: ['/api/reading-plans'] },
  { path: '/daily-reading', page: pages.DailyReading, data: ['/api/daily-reading'] },
  { path: '/notifications', page: pages.Notifications, data: ['/api/notifications?page=1'] },
  { path: '/notification-settings', page: pages.NotificationSettings },
  { path: '/notification-test', page: pages.NotificationTest },
  { path: '/subscription', page: pages.Subscription },
  { path: '/welcome-premium', page: pages.WelcomePremium, notDrawn: true },
  { path: '/sermons', page: pages.Sermons },
  { path: '/sermons/:id', page: pages.SermonDetail },
  { path: '/books', page: pages.Books },
  { path: '/heroes-of-faith', page: pages.Heroes },
  { path: '/heroes-of-faith/:id', page: pages.HeroDetail },
  { path: '/resources', page: pages.Resources },
  { path: '/resources/:id', page: pages.ResourceDetail },
  { path: '/gospel', page: pages.Gospel },
  { path: '/favorite-verses', page: pages.FavoriteVerses },
  { path: '/groups', page: pages.Groups, data: ['/api/groups'] },
  // The group and its member list as first shown (by name).
  {
    path: '/groups/:id',
    page: pages.GroupPage,
    data: ['/api/groups/:id', '/api/groups/:id/members?sort=name&order=asc&page=1'],
  },
  { path: '/invitations/:token', page: pages.Invitation },
  { path: '/churches', page: pages.Churches, data: ['/api/churches'] },
  { path: '/churches/:id', page: pages.ChurchPage, data: ['/api/churches/:id'] },
  { path: '/terms-of-service', page: pages.Terms },
  { path: '/privacy-policy', page: pages.Privacy },
  { path: '/bible-texts', page: pages.BibleTexts },
];

import {
  BookMarked,
  BookOpen,
  Bookmark,
  CalendarCheck,
  CalendarDays,
  Crown,
  GraduationCap,
  HandHeart,
  Heart,
  LayoutDashboard,
  Library,
  Mic,
  NotebookPen,
  NotebookText,
  Sparkles,
  Star,
  Target,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  to: string;
  labelKey: string;
  icon: LucideIcon;
}

export interface NavGroup {
  labelKey: string;
  items: NavItem[];
}

/** The member navigation: every signed-in route of SPEC §2 is reachable from here or the account menu. */
export const MEMBER_NAV: NavGroup[] = [
  {
    labelKey: 'nav.groups.grow',
    items: [
      { to: '/', labelKey: 'nav.dashboard', icon: LayoutDashboard },
      { to: '/courses', labelKey: 'nav.courses', icon: GraduationCap },
      { to: '/daily-reading', labelKey: 'nav.dailyReading', icon: CalendarDays },
      { to: '/reading-plans', labelKey: 'nav.readingPlans', icon: CalendarCheck },
      { to: '/groups', labelKey: 'nav.smallGroups', icon: UsersRound },
    ],
  },
  {
    labelKey: 'nav.groups.study',
    items: [
      { to: '/bible', labelKey: 'nav.bible', icon: BookOpen },
      { to: '/bible-study', labelKey: 'nav.bibleStudy', icon: NotebookText },
      { to: '/saved-studies', labelKey: 'nav.savedStudies', icon: Bookmark },
      { to: '/memory-verses', labelKey: 'nav.memoryVerses', icon: Sparkles },
      { to: '/favorite-verses', labelKey: 'nav.favoriteVerses', icon: Star },
    ],
  },
  {
    labelKey: 'nav.groups.practice',
    items: [
      { to: '/prayer', labelKey: 'nav.prayer', icon: HandHeart },
      { to: '/journal', labelKey: 'nav.journal', icon: NotebookPen },
      { to: '/goals', labelKey: 'nav.goals', icon: Target },
    ],
  },
  {
    labelKey: 'nav.groups.library',
    items: [
      { to: '/sermons', labelKey: 'nav.sermons', icon: Mic },
      { to: '/books', labelKey: 'nav.books', icon: BookMarked },
      { to: '/heroes-of-faith', labelKey: 'nav.heroesOfFaith', icon: Users },
      { to: '/resources', labelKey: 'nav.resources', icon: Library },
      { to: '/gospel', labelKey: 'nav.gospel', icon: Heart },
    ],
  },
];

export const PREMIUM_ICON = Crown;

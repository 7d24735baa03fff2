import BookMarked from 'lucide-react/icons/book-bookmark';
import BookOpen from 'lucide-react/icons/book-open';
import Bookmark from 'lucide-react/icons/bookmark';
import CalendarCheck from 'lucide-react/icons/calendar-check';
import CalendarDays from 'lucide-react/icons/calendar-days';
import Crown from 'lucide-react/icons/crown';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import HandHeart from 'lucide-react/icons/hand-heart';
import Heart from 'lucide-react/icons/heart';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import Library from 'lucide-react/icons/library';
import Mic from 'lucide-react/icons/mic';
import NotebookPen from 'lucide-react/icons/notebook-pen';
import NotebookText from 'lucide-react/icons/notebook-text';
import Sparkles from 'lucide-react/icons/sparkles';
import Star from 'lucide-react/icons/star';
import Target from 'lucide-react/icons/target';
import Users from 'lucide-react/icons/users';
import UsersRound from 'lucide-react/icons/users-round';
import type { LucideIcon } from 'lucide-react';

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

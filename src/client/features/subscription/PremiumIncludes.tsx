import Check from 'lucide-react/icons/check';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import { COURSE_TITLES, LESSONS } from 'virtual:camino/courses';
import { PREMIUM_COURSES } from '#shared/values/course.ts';
import { PREMIUM_FEATURES, premiumFeatureKey } from '#shared/values/subscription.ts';
import { cn } from '../../lib/cn.ts';
import { useLanguage } from '../../lib/language.tsx';

/**
 * What Premium includes, from the one list in `#shared/values/subscription.ts`. `linked`
 * makes each line open its place in the app (for members who have Premium).
 */
export function PremiumIncludes({
  linked = false,
  headingLevel = 2,
  className,
}: {
  linked?: boolean;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  // A course's line names it and counts its lessons as content/courses has them.
  const text = (id: string) => {
    const course = PREMIUM_COURSES.find((c) => id === `course${c}`);
    return t(
      premiumFeatureKey(id),
      course ? { title: COURSE_TITLES[language][course], count: LESSONS[course] } : undefined,
    );
  };
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="premium-includes" className={cn('grid gap-3', className)}>
      <Heading id="premium-includes" className="font-serif text-xl text-brand-950">
        {t('subscription.includesTitle')}
      </Heading>
      <ul className="grid gap-2">
        {PREMIUM_FEATURES.map((feature) => (
          <li key={feature.id} className="flex items-start gap-2 text-slate-700">
            <Check className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden />
            {linked ? (
              <Link to={feature.to} className="underline-offset-2 hover:underline">
                {text(feature.id)}
              </Link>
            ) : (
              <span>{text(feature.id)}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

import ArrowLeft from 'lucide-react/icons/arrow-left';
import { SpanishBibleChoice } from '../spanish-bible/index.ts';
import { TranslationCredit } from '../../components/TranslationCredit.tsx';
import BookOpen from 'lucide-react/icons/book-open';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Lock from 'lucide-react/icons/lock';
import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { OnDeviceNote } from '../../components/OnDeviceNote.tsx';
import { Link, useNavigate, useParams } from '../../lib/router.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { AgeGateWaiting } from '../../components/QueryStates.tsx';
import { ApiError, errorCode, errorMessage } from '../../lib/queryClient.ts';
import { ListenButton } from '../listen/index.ts';
import { useCompleteLesson, useLesson } from './api.ts';
import { PracticeResponse } from './PracticeResponse.tsx';
import { ShareReflection } from '../groups/index.ts';
import { PremiumGate } from './PremiumGate.tsx';
import { BothToggle } from '../both/index.ts';
import { ScriptureBlock } from './ScriptureBlock.tsx';

export default function LessonPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const lesson = useLesson(id);
  const article = useRef<HTMLElement>(null);
  const complete = useCompleteLesson(id, lesson.data, (result, data) => {
    if (result.curriculumCompleted && !result.nextLessonId) navigate('/curriculum-complete');
    else if (result.nextLessonId) navigate(`/lesson/${result.nextLessonId}`);
    else navigate(`/courses/${data.courseId}`);
  });

  if (lesson.isLoading)
    return (
      <p role="status" className="text-slate-600">
        {t('common.loading')}
      </p>
    );
  if (lesson.isError) {
    const status = lesson.error instanceof ApiError ? lesson.error.status : 0;
    // Each refusal its own state: Premium's gate only for a Premium course's lesson.
    const code = errorCode(lesson.error);
    if (code === 'PREMIUM_REQUIRED') return <PremiumGate />;
    if (code === 'AGE_NOT_VERIFIED') return <AgeGateWaiting />;
    if (status === 409) {
      return (
        <Card role="alert" className="grid justify-items-start gap-3">
          <p className="flex items-center gap-2 font-serif text-2xl text-brand-950">
            <Lock className="size-6" aria-hidden /> {t('courses.lesson.lockedTitle')}
          </p>
          <p className="text-slate-700">{t('courses.lesson.lockedBody')}</p>
          <Button asChild variant="outline">
            <Link to={`/courses/${id.split('-')[0]}`}>{t('courses.lesson.goToCourse')}</Link>
          </Button>
        </Card>
      );
    }
    return (
      <Card role="alert" className="grid gap-3">
        <p className="text-red-700">{errorMessage(lesson.error, t)}</p>
        <Button asChild variant="outline" className="w-fit">
          <Link to="/courses">{t('courses.backToCourses')}</Link>
        </Button>
      </Card>
    );
  }
  const l = lesson.data!;
  return (
    // Listen reads the title, the key Scripture, the teaching and the reflection questions; a
    // lesson heard to its end is not completed by it (the practice response still does that).
    <article ref={article} className="mx-auto grid max-w-3xl gap-6">
      <div className="grid gap-3">
        <Link
          to={`/courses/${l.courseId}`}
          className="flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden /> {t('courses.lesson.backToCourse')}
        </Link>
        <p
          data-listen-skip
          className="text-sm font-semibold uppercase tracking-wider text-slate-600"
        >
          {l.courseTitle} · {t('courses.lesson.of', { order: l.order, total: l.lessonCount })}
        </p>
        <div className="h-2 overflow-hidden rounded-full bg-brand-100" aria-hidden="true">
          <div
            className="h-full rounded-full bg-brand-700"
            style={{ width: `${(l.order / l.lessonCount) * 100}%` }}
          />
        </div>
        <h1 className="font-serif text-3xl text-brand-950 sm:text-4xl">{l.title}</h1>
        <p className="text-lg text-slate-700">{l.summary}</p>
        <ListenButton
          source={{ kind: 'page', key: `lesson:${l.id}`, title: l.title, target: article }}
        />
        {l.status === 'completed' ? (
          <p
            data-listen-skip
            className="flex w-fit items-center gap-2 rounded-full bg-emerald-100 px-3 py-1 text-sm font-medium text-emerald-800"
          >
            <CheckCircle2 className="size-4" aria-hidden /> {t('courses.lesson.completed')}
          </p>
        ) : null}
      </div>

      <Card className="border-gold-400/50 bg-gradient-to-br from-white to-gold-300/20">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-brand-800">
            <BookOpen className="size-4" aria-hidden /> {t('courses.lesson.keyScripture')}
          </h2>
          <BothToggle />
        </div>
        <ScriptureBlock s={l.keyScripture} large />
        <SpanishBibleChoice className="mt-4" />
      </Card>

      <Card>
        <h2 className="sr-only">{t('courses.lesson.teaching')}</h2>
        {/* Rendered by the server from the team's own Markdown, with raw HTML escaped. */}
        <div className="prose-legal max-w-none" dangerouslySetInnerHTML={{ __html: l.bodyHtml }} />
        {/\bVBL\b/.test(l.bodyHtml) ? <TranslationCredit code="VBL" className="mt-4" /> : null}
      </Card>

      <Card data-listen-skip className="grid gap-4">
        <h2 className="font-serif text-xl text-brand-950">{t('courses.lesson.additional')}</h2>
        {l.additionalScriptures.map((s) => (
          <ScriptureBlock key={s.reference} s={s} />
        ))}
      </Card>

      <Card>
        <h2 className="mb-3 font-serif text-xl text-brand-950">{t('courses.lesson.reflection')}</h2>
        <ol className="grid list-decimal gap-2 pl-5 text-slate-800">
          {l.reflectionQuestions.map((q) => (
            <li key={q}>{q}</li>
          ))}
        </ol>
      </Card>

      <Card data-listen-skip className="grid gap-3">
        <h2 className="font-serif text-xl text-brand-950">{t('courses.lesson.practice')}</h2>
        <p className="text-slate-700">{l.practicePrompt}</p>
        {l.onDevice ? (
          <OnDeviceNote>{t('courses.lesson.onDevice')}</OnDeviceNote>
        ) : (
          <>
            <PracticeResponse key={l.id} lesson={l} />
            <Suspense fallback={null}>
              <ShareReflection
                lessonId={l.id}
                courseId={l.courseId}
                hasResponse={!!l.response.trim()}
              />
            </Suspense>
          </>
        )}
      </Card>

      <div className="flex flex-wrap items-center justify-between gap-3">
        {l.previousLessonId ? (
          <Button asChild variant="outline">
            <Link to={`/lesson/${l.previousLessonId}`}>
              <ChevronLeft className="size-4" aria-hidden /> {t('courses.lesson.previous')}
            </Link>
          </Button>
        ) : (
          <span />
        )}
        {l.status === 'completed' || l.onDevice ? (
          l.nextLessonId ? (
            <Button asChild>
              <Link to={`/lesson/${l.nextLessonId}`}>
                {t('courses.lesson.next')} <ChevronRight className="size-4" aria-hidden />
              </Link>
            </Button>
          ) : null
        ) : (
          <Button size="lg" onClick={() => complete.mutate()} disabled={complete.isPending}>
            <CheckCircle2 className="size-5" aria-hidden />{' '}
            {complete.isPending ? t('courses.lesson.completing') : t('courses.lesson.complete')}
          </Button>
        )}
      </div>
    </article>
  );
}

import ArrowRight from 'lucide-react/icons/arrow-right';
import Clock from 'lucide-react/icons/clock';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '../../lib/router.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useResource, type ResourceDetail } from './api.ts';
import { BackLink, DetailStates, PrevNext, Tag } from './DetailParts.tsx';
import { Prose } from './Prose.tsx';
import { ReadToggle } from './ReadToggle.tsx';
import { ScripturePassage } from './ScripturePassage.tsx';

/** /resources/:id: a practical guide with its steps, Scripture and links into the app. */
export default function ResourceDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const guide = useResource(id);
  const back = { to: '/resources', label: t('library.resources.back') };
  return (
    <DetailStates query={guide} back={back}>
      {() => <Guide r={guide.data!} back={back} />}
    </DetailStates>
  );
}

function Guide({ r, back }: { r: ResourceDetail; back: { to: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <article className="mx-auto grid max-w-3xl gap-6">
      <header className="grid gap-3">
        <BackLink {...back} />
        <p className="flex items-center gap-1 text-sm font-semibold uppercase tracking-wider text-slate-600">
          <Clock className="size-4" aria-hidden />{' '}
          {t('library.resources.minutes', { count: r.minutes })}
        </p>
        <h1 className="font-serif text-3xl text-brand-950 sm:text-4xl">{r.title}</h1>
        <p className="text-lg text-slate-700">{r.summary}</p>
        <div className="flex flex-wrap gap-1">
          {r.topics.map((tp) => (
            <Tag key={tp}>{t(`library.topics.${tp}`)}</Tag>
          ))}
        </div>
        <div>
          <ReadToggle kind="resource" id={r.id} read={r.read} />
        </div>
      </header>

      <Card className="grid gap-3 border-gold-400/50 bg-gradient-to-br from-white to-gold-300/20">
        <h2 className="font-serif text-2xl text-brand-950">{t('library.resources.steps')}</h2>
        <ol className="grid gap-3">
          {r.steps.map((step, i) => (
            <li key={step} className="flex gap-3 leading-7 text-slate-800">
              <span
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
                aria-hidden
              >
                {i + 1}
              </span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
      </Card>

      <Card>
        <h2 className="sr-only">{t('library.resources.guide')}</h2>
        <Prose html={r.bodyHtml} />
      </Card>

      <Card className="grid gap-5">
        <h2 className="font-serif text-2xl text-brand-950">{t('library.resources.scriptures')}</h2>
        {r.scriptures.map((s) => (
          <ScripturePassage key={s.reference} s={s} />
        ))}
      </Card>

      <Card className="grid gap-3">
        <h2 className="font-serif text-2xl text-brand-950">{t('library.resources.tools')}</h2>
        <div className="flex flex-wrap gap-2">
          {r.tools.map((tool) => (
            <Button key={tool.path} asChild variant="outline">
              <Link to={tool.path}>
                {tool.label} <ArrowRight className="size-4" aria-hidden />
              </Link>
            </Button>
          ))}
        </div>
      </Card>

      <div>
        <ReadToggle kind="resource" id={r.id} read={r.read} />
      </div>
      <PrevNext base="/resources" previous={r.previous} next={r.next} />
    </article>
  );
}

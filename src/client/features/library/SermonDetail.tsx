import Lightbulb from 'lucide-react/icons/lightbulb';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from '../../lib/router.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { ListenButton } from '../listen/index.ts';
import { useSermon, type SermonDetail } from './api.ts';
import { BackLink, DetailStates, PrevNext, Tag } from './DetailParts.tsx';
import { Prose } from './Prose.tsx';
import { ReadToggle } from './ReadToggle.tsx';
import { ScripturePassage } from './ScripturePassage.tsx';

/** /sermons/:id: a sermon study to read, with its Scripture, outline and questions. */
export default function SermonDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const sermon = useSermon(id);
  const back = { to: '/sermons', label: t('library.sermons.back') };
  return (
    <DetailStates query={sermon} back={back}>
      {() => <Sermon s={sermon.data!} back={back} />}
    </DetailStates>
  );
}

function Sermon({ s, back }: { s: SermonDetail; back: { to: string; label: string } }) {
  const { t } = useTranslation();
  const article = useRef<HTMLElement>(null);
  return (
    <article ref={article} className="mx-auto grid max-w-3xl gap-6">
      <header className="grid gap-3">
        <BackLink {...back} />
        <p className="text-sm font-semibold uppercase tracking-wider text-slate-600">
          {s.seriesTitle} · {t('library.sermons.study', { order: s.order })}
        </p>
        <h1 className="font-serif text-3xl text-brand-950 sm:text-4xl">{s.title}</h1>
        <p className="text-lg text-slate-700">{s.summary}</p>
        <div className="flex flex-wrap items-center gap-2">
          {s.topics.map((tp) => (
            <Tag key={tp}>{t(`library.topics.${tp}`)}</Tag>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ReadToggle kind="sermon" id={s.id} read={s.read} />
          <ListenButton
            className="contents"
            source={{ kind: 'page', key: `sermon:${s.id}`, title: s.title, target: article }}
          />
        </div>
      </header>

      <Card className="grid gap-3 border-gold-400/50 bg-gradient-to-br from-white to-gold-300/20">
        <h2 className="text-sm font-semibold uppercase tracking-wider text-brand-800">
          {t('library.sermons.mainText')}
        </h2>
        <ScripturePassage s={s.mainText} large />
      </Card>

      <Card className="grid gap-2">
        <h2 className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-brand-800">
          <Lightbulb className="size-4" aria-hidden /> {t('library.sermons.bigIdea')}
        </h2>
        <p className="font-serif text-xl leading-relaxed text-brand-950">{s.bigIdea}</p>
      </Card>

      <Card className="grid gap-4">
        <h2 className="font-serif text-2xl text-brand-950">{t('library.sermons.outline')}</h2>
        <ol className="grid gap-6">
          {s.outline.map((p, i) => (
            <li key={p.point} className="grid gap-3">
              <h3 className="font-serif text-lg text-brand-900">
                {i + 1}. {p.point}
              </h3>
              {p.references.map((r) => (
                <ScripturePassage key={r.reference} s={r} />
              ))}
            </li>
          ))}
        </ol>
      </Card>

      <Card>
        <h2 className="sr-only">{t('library.sermons.study_body')}</h2>
        <Prose html={s.bodyHtml} />
      </Card>

      <Card className="grid gap-2">
        <h2 className="font-serif text-2xl text-brand-950">{t('library.sermons.illustration')}</h2>
        <p className="max-w-[68ch] text-[1.0625rem] leading-8 text-slate-800">{s.illustration}</p>
      </Card>

      <Card>
        <h2 className="mb-3 font-serif text-2xl text-brand-950">
          {t('library.sermons.questions')}
        </h2>
        <ol className="grid list-decimal gap-2 pl-5 leading-7 text-slate-800">
          {s.applicationQuestions.map((q) => (
            <li key={q}>{q}</li>
          ))}
        </ol>
      </Card>

      <div>
        <ReadToggle kind="sermon" id={s.id} read={s.read} />
      </div>
      <PrevNext base="/sermons" previous={s.previous} next={s.next} />
    </article>
  );
}

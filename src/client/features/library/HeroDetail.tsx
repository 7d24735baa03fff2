import MapPin from 'lucide-react/icons/map-pin';
import { useTranslation } from 'react-i18next';
import { useParams } from '../../lib/router.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useHero, type HeroDetail } from './api.ts';
import { BackLink, DetailStates, PrevNext, Tag } from './DetailParts.tsx';
import { lifespan } from './lifespan.ts';
import { Prose } from './Prose.tsx';
import { ReadToggle } from './ReadToggle.tsx';
import { ScripturePassage } from './ScripturePassage.tsx';

/** /heroes-of-faith/:id: a biography with its key verse, lessons for today and questions. */
export default function HeroDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const hero = useHero(id);
  const back = { to: '/heroes-of-faith', label: t('library.heroes.back') };
  return (
    <DetailStates query={hero} back={back}>
      {() => <Hero h={hero.data!} back={back} />}
    </DetailStates>
  );
}

function Hero({ h, back }: { h: HeroDetail; back: { to: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <article className="mx-auto grid max-w-3xl gap-6">
      <header className="grid gap-3">
        <BackLink {...back} />
        <p className="text-sm font-semibold uppercase tracking-wider text-slate-600">
          {lifespan(h, t)} · {t(`library.eras.${h.era}`)}
        </p>
        <h1 className="font-serif text-3xl text-brand-950 sm:text-4xl">{h.name}</h1>
        <p className="text-lg text-slate-700">{h.summary}</p>
        <p className="flex items-start gap-1 text-sm text-slate-700">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            <span className="sr-only">{t('library.heroes.places')}: </span>
            {h.places.join(' · ')}
          </span>
        </p>
        <div className="flex flex-wrap gap-1">
          <Tag>{t(`library.regions.${h.region}`)}</Tag>
          {h.topics.map((tp) => (
            <Tag key={tp}>{t(`library.topics.${tp}`)}</Tag>
          ))}
        </div>
        <div>
          <ReadToggle kind="hero" id={h.id} read={h.read} />
        </div>
      </header>

      <Card className="grid gap-3 border-gold-400/50 bg-gradient-to-br from-white to-gold-300/20">
        <h2 className="text-sm font-semibold uppercase tracking-wider text-brand-800">
          {t('library.heroes.keyVerse')}
        </h2>
        <ScripturePassage s={h.keyVerse} large />
      </Card>

      <Card>
        <h2 className="sr-only">{t('library.heroes.life')}</h2>
        <Prose html={h.bodyHtml} />
      </Card>

      <Card>
        <h2 className="mb-3 font-serif text-2xl text-brand-950">{t('library.heroes.lessons')}</h2>
        <ul className="grid list-disc gap-2 pl-5 leading-7 text-slate-800">
          {h.lessons.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      </Card>

      <Card>
        <h2 className="mb-3 font-serif text-2xl text-brand-950">{t('library.heroes.questions')}</h2>
        <ol className="grid list-decimal gap-2 pl-5 leading-7 text-slate-800">
          {h.reflectionQuestions.map((q) => (
            <li key={q}>{q}</li>
          ))}
        </ol>
      </Card>

      <div>
        <ReadToggle kind="hero" id={h.id} read={h.read} />
      </div>
      <PrevNext base="/heroes-of-faith" previous={h.previous} next={h.next} />
    </article>
  );
}

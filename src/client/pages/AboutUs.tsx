import { useTranslation } from 'react-i18next';

const SECTIONS = ['mission', 'beliefs', 'church', 'support'] as const;

export default function AboutUs() {
  const { t } = useTranslation();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-serif text-4xl text-brand-950">{t('about.title')}</h1>
      <p className="mt-4 text-lg text-slate-700">{t('about.lead')}</p>
      {SECTIONS.map((s) => (
        <section key={s} className="mt-8">
          <h2 className="font-serif text-2xl text-brand-900">{t(`about.${s}Title`)}</h2>
          <p className="mt-2 leading-relaxed text-slate-700">{t(`about.${s}`)}</p>
        </section>
      ))}
    </article>
  );
}

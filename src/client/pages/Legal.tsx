import Markdown from 'react-markdown';
import { useLanguage } from '../lib/language.tsx';
import termsEn from '../../../content/legal/terms.en.md?raw';
import termsEs from '../../../content/legal/terms.es.md?raw';
import privacyEn from '../../../content/legal/privacy.en.md?raw';
import privacyEs from '../../../content/legal/privacy.es.md?raw';

function LegalDocument({ text }: { text: string }) {
  return (
    <article className="prose-legal mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <Markdown>{text}</Markdown>
    </article>
  );
}

export function TermsPage() {
  const { language } = useLanguage();
  return <LegalDocument text={language === 'es' ? termsEs : termsEn} />;
}

export function PrivacyPage() {
  const { language } = useLanguage();
  return <LegalDocument text={language === 'es' ? privacyEs : privacyEn} />;
}

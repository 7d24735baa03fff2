import { MarkdownArticle } from '../components/MarkdownArticle.tsx';
import { useLanguage } from '../lib/language.tsx';
import termsEn from '../../../content/legal/terms.en.md?raw';
import termsEs from '../../../content/legal/terms.es.md?raw';
import privacyEn from '../../../content/legal/privacy.en.md?raw';
import privacyEs from '../../../content/legal/privacy.es.md?raw';

export function TermsPage() {
  const { language } = useLanguage();
  return <MarkdownArticle text={language === 'es' ? termsEs : termsEn} />;
}

export function PrivacyPage() {
  const { language } = useLanguage();
  return <MarkdownArticle text={language === 'es' ? privacyEs : privacyEn} />;
}

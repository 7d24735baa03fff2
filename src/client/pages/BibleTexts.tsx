import { MarkdownArticle } from '../components/MarkdownArticle.tsx';
import { useLanguage } from '../lib/language.tsx';
import textsEn from '../../../content/about/translations.en.md?raw';
import textsEs from '../../../content/about/translations.es.md?raw';

/**
 * "About the Bible texts" (issue 39): every bundled text with its licence, its source and what
 * the conversion did, linked from the reader and from wherever a text's credit line shows.
 */
export default function BibleTexts() {
  const { language } = useLanguage();
  return <MarkdownArticle text={language === 'es' ? textsEs : textsEn} />;
}

/** What other features may use from the Bible feature. */
export { fetchPassage, notFoundSuggestions, passageUrl, usePassage } from './api.ts';
export { PassageText } from '../../components/PassageText.tsx';
export { VerseNotFound } from './VerseNotFound.tsx';

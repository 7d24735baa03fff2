/** What other features may use from the Spanish-Bible choice (issue 39). */
export { SpanishBibleChoice } from './SpanishBibleChoice.tsx';

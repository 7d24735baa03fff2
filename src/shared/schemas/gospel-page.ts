import type { Language } from '../constants.ts';
import type { GospelSectionId, NextStepId } from './library.ts';

/**
 * The gospel page as the client renders it: content/library/gospel.<lang>.md with each
 * Scripture reference shown in the page's language and its text from a bundled Bible. Made at
 * build time (scripts/build/gospel.ts, module `virtual:camino/gospel`, docs/decisions/0023).
 */
export interface GospelPage {
  language: Language;
  title: string;
  /** The meta description (120–160 characters). */
  description: string;
  /** The introduction, rendered from Markdown to HTML (raw HTML escaped). */
  introHtml: string;
  translation: { code: string; name: string };
  sections: {
    id: GospelSectionId;
    heading: string;
    /** Rendered from Markdown to HTML (raw HTML escaped). */
    bodyHtml: string;
    scriptures: { reference: string; text: string }[];
  }[];
  prayer: string;
  nextSteps: { id: NextStepId; title: string; body: string }[];
}

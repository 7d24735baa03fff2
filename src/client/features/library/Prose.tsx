import { TranslationCredit } from '../../components/TranslationCredit.tsx';
import { cn } from '../../lib/cn.ts';

/** Text that quotes the Versión Biblia Libre names it by its code, «…» (Salmo 23:1, VBL). */
const QUOTES_VBL = /\bVBL\b/;

/**
 * Authored text at a reading width. `html` is the team's own Markdown rendered on the server (or
 * at build time for the gospel) by micromark, which escapes raw HTML: it is inserted as it is.
 * Text that quotes the VBL carries its credit line under it (its licence asks for it;
 * content/FORMAT.md).
 */
export function Prose({ html, className }: { html: string; className?: string }) {
  return (
    <>
      <div className={cn('prose-reading', className)} dangerouslySetInnerHTML={{ __html: html }} />
      {QUOTES_VBL.test(html) ? <TranslationCredit code="VBL" className="mt-4" /> : null}
    </>
  );
}

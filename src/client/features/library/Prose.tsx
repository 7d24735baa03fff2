import { cn } from '../../lib/cn.ts';

/**
 * Authored text at a reading width. `html` is the team's own Markdown rendered on the server (or
 * at build time for the gospel) by micromark, which escapes raw HTML: it is inserted as it is.
 */
export function Prose({ html, className }: { html: string; className?: string }) {
  return (
    <div className={cn('prose-reading', className)} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

import Markdown from 'react-markdown';
import { cn } from '../../lib/cn.ts';

/** Authored Markdown at a reading width; `##` headings become level-2 headings of the page. */
export function Prose({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn('prose-reading', className)}>
      <Markdown>{children}</Markdown>
    </div>
  );
}

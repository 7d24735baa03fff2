import Markdown from 'react-markdown';

/** A page of prose written in Markdown (the terms, the privacy policy, the Bible texts' page). */
export function MarkdownArticle({ text }: { text: string }) {
  return (
    <article className="prose-legal mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <Markdown>{text}</Markdown>
    </article>
  );
}

/** Modules made at build time by Vite plugins (vite.config.ts). */
declare module 'virtual:camino/gospel' {
  import type { GospelPage } from '#shared/schemas/gospel-page.ts';

  const pages: Record<'en' | 'es', GospelPage>;
  export default pages;
}

/** The loaders of the chunks of strings, per language (scripts/build/strings.ts). */
declare module 'virtual:camino/strings' {
  import type { StringChunk } from '#client/lib/string-chunks.ts';

  type Strings = { [key: string]: string | Strings };
  const loaders: Record<
    'en' | 'es',
    Partial<Record<StringChunk, () => Promise<{ default: Strings }>>>
  >;
  export default loaders;
}

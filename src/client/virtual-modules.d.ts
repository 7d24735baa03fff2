/** Modules made at build time by Vite plugins (vite.config.ts). */
declare module 'virtual:camino/gospel' {
  import type { GospelPage } from '#shared/schemas/gospel-page.ts';

  const pages: Record<'en' | 'es', GospelPage>;
  export default pages;
}

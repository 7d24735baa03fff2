/**
 * Small pages the server renders itself, without the app's scripts (the unsubscribe page of
 * notification e-mails): they work with a plain form post, and look like the app. They carry
 * the app's built stylesheet inline with the response's style nonce, as the prerendered pages
 * do (scripts/build/build.ts, docs/decisions/0004); the classes used here are in that stylesheet
 * because src/client/styles/app.css names this file as a Tailwind source. Without a built client
 * (the API tests, `npm run dev` before a build) a few plain rules stand in.
 */
import type { FastifyReply } from 'fastify';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '#shared/constants.ts';
import { translate } from '../i18n/translate.ts';

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The built client's stylesheet (inline in its index.html), or null when there is no build. */
export function loadStylesheet(clientDir: string | undefined): string | null {
  const file = clientDir ? join(clientDir, 'index.html') : undefined;
  if (!file || !existsSync(file)) return null;
  const match = /<style nonce="__CSP_NONCE__">([\s\S]*?)<\/style>/.exec(readFileSync(file, 'utf8'));
  return match?.[1] ?? null;
}

/** Enough to read the page comfortably when no client has been built. */
const FALLBACK_CSS =
  'body{margin:0;background:#f7f5f0;color:#0f172a;font-family:system-ui,sans-serif;line-height:1.5}' +
  'header,main>div{max-width:28rem;margin:0 auto;padding:1rem}' +
  'main>div>div{background:#fff;border:1px solid #e2e8f0;border-radius:1.5rem;padding:1.5rem}' +
  'h1{font-family:Georgia,serif;color:#0f1d31}a{color:#24487a}' +
  'button{background:#24487a;color:#fff;border:0;border-radius:.75rem;padding:.75rem 1.25rem;font:inherit}';

/** What a page says: a title, paragraphs, then an optional form and links. */
export interface ServerPageContent {
  lang: Language;
  status: number;
  title: string;
  paragraphs: string[];
  /** A form posted without script: its action, hidden fields and the button's label. */
  form?: { action: string; fields: Record<string, string>; button: string };
  /** Links under the text (path, label), the first one shown as the main way on. */
  links?: { href: string; label: string }[];
}

export interface ServerPages {
  send(reply: FastifyReply, content: ServerPageContent): FastifyReply;
}

export function serverPages(stylesheet: string | null): ServerPages {
  return {
    send(reply, content) {
      const nonce = randomBytes(16).toString('base64');
      const { lang } = content;
      const name = translate(lang, 'app.name');
      const form = content.form
        ? `<form method="post" action="${escapeHtml(content.form.action)}" class="mt-6">${Object.entries(
            content.form.fields,
          )
            .map(
              ([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`,
            )
            .join(
              '',
            )}<button type="submit" class="inline-flex h-11 w-full items-center justify-center rounded-xl bg-brand-700 px-5 text-sm font-medium text-white shadow-sm hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 sm:w-fit">${escapeHtml(content.form.button)}</button></form>`
        : '';
      const links = (content.links ?? [])
        .map(
          (l) =>
            `<p class="mt-4 text-sm"><a href="${escapeHtml(l.href)}" class="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">${escapeHtml(l.label)}</a></p>`,
        )
        .join('');
      const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="theme-color" content="#1f3a5f"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(content.title)} · ${escapeHtml(name)}</title><style nonce="${nonce}">${stylesheet ?? FALLBACK_CSS}</style></head>
<body><div class="flex min-h-dvh flex-col bg-canvas">
<header class="border-b border-slate-200/80"><div class="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6"><a href="/" class="flex items-center gap-2.5 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"><img src="/favicon.svg" alt="" width="36" height="36" class="size-9"><span class="font-serif text-xl font-semibold text-brand-900">${escapeHtml(name)}</span></a></div></header>
<main id="main" class="flex-1"><div class="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16"><div class="rounded-3xl border border-slate-200/80 bg-white p-6 shadow-sm sm:p-8">
<h1 class="font-serif text-3xl text-brand-950">${escapeHtml(content.title)}</h1>
${content.paragraphs.map((p) => `<p class="mt-3 text-slate-700">${escapeHtml(p)}</p>`).join('')}
${form}${links}
</div></div></main></div></body></html>`;
      const policy = String(reply.getHeader('content-security-policy') ?? '').replace(
        "style-src 'self'",
        `style-src 'self' 'nonce-${nonce}'`,
      );
      return reply
        .status(content.status)
        .header('content-security-policy', policy)
        .header('content-type', 'text/html; charset=utf-8')
        .send(html);
    },
  };
}

import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Language } from '#shared/constants.ts';
import {
  NOTIFICATIONS_PAGE_SIZE,
  notificationPageSchema,
  notificationSettingsResponseSchema,
  notificationSettingsUpdateSchema,
  notificationTestResultSchema,
  pushSubscriptionSchema,
  type NotificationItem,
} from '#shared/schemas/notifications.ts';
import { DEFAULT_PREFERENCES } from '#shared/schemas/user.ts';
import type { SessionCache } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { notification, pushSubscription, user } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import { translate } from '../i18n/translate.ts';
import { currentUser } from '../security/access.ts';
import { pageLanguage } from '#delivery/server/html.ts';
import type { ServerPageContent, ServerPages } from '../web/page.ts';
import { securityEvent } from '../security/events.ts';
import { verifyUnsubscribeToken } from './email.ts';
import type { PushSender } from './push.ts';
import type { NotificationService } from './service.ts';
import { loadSettings, saveSettings, togglesOf } from './settings.ts';
import { refreshReminderSchedule } from './reminder-schedule.ts';

type Row = typeof notification.$inferSelect;

const toItem = (r: Row): NotificationItem => ({
  id: r.id,
  kind: r.kind as NotificationItem['kind'],
  data: r.data,
  url: r.url,
  readAt: r.readAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

export function registerNotificationRoutes(
  appBase: FastifyInstance,
  deps: {
    db: Database;
    service: NotificationService;
    push: PushSender;
    secret: string;
    sessionCache: SessionCache;
    /** Renders the unsubscribe pages in the app's look. */
    pages: ServerPages;
    clock?: () => Date;
  },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, service, push, sessionCache } = deps;
  const now = () => (deps.clock ? deps.clock() : new Date());
  const unread = async (userId: string) => {
    const [row] = await db
      .select({ n: count() })
      .from(notification)
      .where(and(eq(notification.userId, userId), isNull(notification.readAt)));
    return row?.n ?? 0;
  };

  app.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first, 20 a page, with the unread count',
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(10_000).default(1),
        }),
        response: { 200: notificationPageSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { page } = request.query;
      const where = eq(notification.userId, me.id);
      const [items, [total], unreadCount] = await Promise.all([
        db
          .select()
          .from(notification)
          .where(where)
          .orderBy(desc(notification.createdAt), desc(notification.id))
          .limit(NOTIFICATIONS_PAGE_SIZE)
          .offset((page - 1) * NOTIFICATIONS_PAGE_SIZE),
        db.select({ n: count() }).from(notification).where(where),
        unread(me.id),
      ]);
      return {
        items: items.map(toItem),
        total: total?.n ?? 0,
        unread: unreadCount,
        page,
        pageSize: NOTIFICATIONS_PAGE_SIZE,
      };
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      schema: {
        tags: ['notifications'],
        summary: 'How many of my notifications are unread (the bell)',
        response: { 200: z.object({ unread: z.number() }) },
      },
    },
    async (request) => ({ unread: await unread(currentUser(request).id) }),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one notification as read',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: z.object({ unread: z.number() }) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const updated = await db
        .update(notification)
        .set({ readAt: sql`coalesce(${notification.readAt}, ${now()})` })
        .where(and(eq(notification.id, request.params.id), eq(notification.userId, me.id)))
        .returning({ id: notification.id });
      if (updated.length === 0) throw notFound();
      return { unread: await unread(me.id) };
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark all my notifications as read',
        response: { 200: z.object({ unread: z.number(), marked: z.number() }) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const marked = await db
        .update(notification)
        .set({ readAt: now() })
        .where(and(eq(notification.userId, me.id), isNull(notification.readAt)))
        .returning({ id: notification.id });
      return { unread: 0, marked: marked.length };
    },
  );

  app.post(
    '/api/notifications/test',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Send a test notification through every channel; what happened on each',
        response: { 200: notificationTestResultSchema },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => service.sendTest(currentUser(request).id, now()),
  );

  app.get(
    '/api/notification-settings',
    {
      schema: {
        tags: ['notifications'],
        summary: 'My notification settings (the SPEC toggles, channels, times, quiet hours)',
        response: { 200: notificationSettingsResponseSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return {
        toggles: togglesOf(me.preferences),
        settings: await loadSettings(db, me.id),
        timeZone: me.preferences.timeZone,
      };
    },
  );

  app.put(
    '/api/notification-settings',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Change my notification settings (toggles, settings whole, time zone)',
        body: notificationSettingsUpdateSchema,
        response: { 200: notificationSettingsResponseSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { toggles, settings, timeZone } = request.body;
      const preferences = { ...toggles, ...(timeZone ? { timeZone } : {}) };
      await db.transaction(async (tx) => {
        if (Object.keys(preferences).length > 0) {
          await tx
            .update(user)
            .set({
              preferences: sql`${user.preferences} || ${JSON.stringify(preferences)}::jsonb`,
              updatedAt: new Date(),
            })
            .where(eq(user.id, me.id));
        }
        if (settings) await saveSettings(tx, me.id, settings);
        await refreshReminderSchedule(tx, me.id);
      });
      sessionCache.forgetUser(me.id);
      return {
        toggles: togglesOf({ ...me.preferences, ...toggles }),
        settings: await loadSettings(db, me.id),
        timeZone: timeZone ?? me.preferences.timeZone,
      };
    },
  );

  app.get(
    '/api/push/public-key',
    {
      schema: {
        tags: ['notifications'],
        summary: "The server's VAPID public key (for PushManager.subscribe)",
        response: { 200: z.object({ publicKey: z.string() }) },
      },
    },
    async () => ({ publicKey: await push.publicKey() }),
  );

  app.post(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['notifications'],
        summary: "Save this browser's push subscription",
        body: pushSubscriptionSchema,
        response: { 200: z.object({ subscribed: z.boolean() }) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { endpoint, keys } = request.body;
      // Only a known push service's https: address: the server will connect there.
      const problem = push.endpointProblem(endpoint);
      if (problem) {
        securityEvent(request, 'push.endpoint-refused', { outcome: 'refused', problem });
        throw new HttpError(400, 'notify.push.endpointNotAllowed', {}, 'PUSH_ENDPOINT_NOT_ALLOWED');
      }
      // One endpoint belongs to one browser profile: the latest member signed in there owns it.
      await db
        .insert(pushSubscription)
        .values({ id: randomUUID(), userId: me.id, endpoint, p256dh: keys.p256dh, auth: keys.auth })
        .onConflictDoUpdate({
          target: pushSubscription.endpoint,
          set: { userId: me.id, p256dh: keys.p256dh, auth: keys.auth },
        });
      return { subscribed: true };
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['notifications'],
        summary: "Forget this browser's push subscription",
        body: z.object({ endpoint: z.string().min(1).max(2000) }),
        response: { 200: z.object({ subscribed: z.boolean() }) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await db
        .delete(pushSubscription)
        .where(
          and(
            eq(pushSubscription.endpoint, request.body.endpoint),
            eq(pushSubscription.userId, me.id),
          ),
        );
      return { subscribed: false };
    },
  );

  // The unsubscribe link of notification e-mails (RFC 8058). GET shows a confirmation page
  // (a link scanner that follows it changes nothing); POST turns the kind's e-mail off: the
  // page's button (a plain form post, no script), or a mail client's one-click POST (body
  // "List-Unsubscribe=One-Click", form-encoded, which only this scope accepts). The signed token
  // authorises it, not the session nor the Origin: the page sends no referrer (the token stays
  // out of Referer headers), so a browser posts its form with `Origin: null`.
  const tokenQuery = z.object({ token: z.string().max(1000).default('') });
  const settingsLink = (lang: Language) => ({
    href: '/notification-settings',
    label: translate(lang, 'notify.unsubscribe.settings'),
  });
  const sendPage = (reply: FastifyReply, content: ServerPageContent) =>
    deps.pages.send(
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer'),
      content,
    );
  const invalidPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    reason: 'invalid' | 'expired',
  ) => {
    // No member to ask: the language the visitor chose (cookie), else their browser's.
    const lang = pageLanguage(request);
    return sendPage(reply, {
      lang,
      status: 400,
      title: translate(lang, 'notify.unsubscribe.invalidTitle'),
      paragraphs: [translate(lang, `notify.unsubscribe.${reason}`)],
      links: [settingsLink(lang)],
    });
  };
  /** A valid token of an account that still exists, with the member's saved language. */
  const checkToken = async (token: string) => {
    const check = verifyUnsubscribeToken(deps.secret, token, now());
    if (!check.ok) return check;
    const [row] = await db
      .select({ p: user.preferences })
      .from(user)
      .where(eq(user.id, check.userId));
    if (!row) return { ok: false as const, reason: 'invalid' as const };
    const lang: Language = row.p.language ?? DEFAULT_PREFERENCES.language;
    return { ...check, lang };
  };

  void appBase.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.get(
      '/api/notifications/unsubscribe',
      {
        schema: {
          tags: ['notifications'],
          summary: 'E-mail unsubscribe link: a confirmation page',
          querystring: tokenQuery,
        },
      },
      async (request, reply) => {
        const check = await checkToken(request.query.token);
        if (!check.ok) return invalidPage(request, reply, check.reason);
        const { lang } = check;
        const kind = translate(lang, `notify.kinds.${check.kind}.name`);
        return sendPage(reply, {
          lang,
          status: 200,
          title: translate(lang, 'notify.unsubscribe.title'),
          paragraphs: [translate(lang, 'notify.unsubscribe.confirm', { kind })],
          form: {
            action: `/api/notifications/unsubscribe?token=${encodeURIComponent(request.query.token)}`,
            fields: { 'List-Unsubscribe': 'One-Click' },
            button: translate(lang, 'notify.unsubscribe.button'),
          },
          links: [settingsLink(lang)],
        });
      },
    );
    s.post(
      '/api/notifications/unsubscribe',
      {
        schema: {
          tags: ['notifications'],
          summary: 'E-mail unsubscribe (one-click, RFC 8058): turns that kind of e-mail off',
          querystring: tokenQuery,
        },
        // The token authorises it; a mail client's POST or the page's form (`Origin: null`).
        config: { crossOrigin: 'token' },
      },
      async (request, reply) => {
        const check = await checkToken(request.query.token);
        if (!check.ok) return invalidPage(request, reply, check.reason);
        const { lang } = check;
        const settings = await loadSettings(db, check.userId);
        settings.kinds[check.kind] = { ...settings.kinds[check.kind], email: false };
        await saveSettings(db, check.userId, settings);
        request.log.info(
          { event: 'notification.unsubscribed', kind: check.kind },
          'e-mail unsubscribed',
        );
        const kind = translate(lang, `notify.kinds.${check.kind}.name`);
        return sendPage(reply, {
          lang,
          status: 200,
          title: translate(lang, 'notify.unsubscribe.doneTitle'),
          paragraphs: [
            translate(lang, 'notify.unsubscribe.done', { kind }),
            translate(lang, 'notify.unsubscribe.resubscribe'),
          ],
          links: [settingsLink(lang)],
        });
      },
    );
  });
}

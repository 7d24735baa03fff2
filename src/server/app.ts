import './polyfill.ts';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import { contentSecurityPolicy } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type Stripe from 'stripe';
import { randomUUID } from 'node:crypto';
import type { Language } from '#shared/constants.ts';
import { createAuth, type Auth } from './auth/auth.ts';
import { SessionCache, createSessionResolver, hasSessionCookie } from './auth/session.ts';
import { registerSessionCookieRename, sessionCookieNames } from './auth/cookies.ts';
import { registerIdleCheckForAuthRoutes } from './auth/idle.ts';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';
import { HttpError } from './errors.ts';
import { languageFromHeader, translate, translateValidation } from './i18n/translate.ts';
import {
  afterAnswer,
  createMailer,
  scheduleMailPurge,
  type AfterAnswer,
  type Mailer,
} from './mail/mailer.ts';
import { registerAccessHook } from './security/access.ts';
import { superviseRedis } from './redis.ts';
import { registerOriginCheck } from './security/origin.ts';
import { InvalidTextError, registerInputGate } from './security/input.ts';
import { serializeError } from './log.ts';
import { logRefusal, securityEvent } from './security/events.ts';
import {
  databaseRateLimitStore,
  redisRateLimitStore,
  withFallback,
  type RateLimitStore,
} from './security/rate-limit-store.ts';
import { registerAdminRoutes } from './admin/routes.ts';
import { registerSubscriptionRoutes } from './subscription/routes.ts';
import { BillingService } from './subscription/service.ts';
import { createStripeClient } from './subscription/stripe.ts';
import { registerSupportRoutes } from './support/routes.ts';
import { registerAuthProxy } from './routes/auth-proxy.ts';
import { registerHealthRoutes } from './routes/health.ts';
import { needsDeclaration, registryMismatch } from './routes/registry.ts';
import { registerUserRoutes } from './account/routes.ts';
import { registerSignOutRoutes } from './account/sign-out.ts';
import { adoptDeviceSettings } from './account/device.ts';
import { registerSessionRoutes } from './account/sessions.ts';
import { registerPasskeyRoutes } from './account/passkeys.ts';
import { isIpAddress } from '#shared/values/passkeys.ts';
import { relyingParty } from './auth/passkeys.ts';
import { registerEmailVerificationRoutes } from './account/email-verification.ts';
import { registerExportRoute } from './account/export.ts';
import { registerBibleRoutes } from './bible/routes.ts';
import { BibleCatalog } from './bible/service.ts';
import { registerStudyRoutes } from './bible/studies.ts';
import { registerCourseRoutes } from './courses/routes.ts';
import { registerOfflineRoutes } from './bible/offline-routes.ts';
import { CourseCatalog } from './courses/service.ts';
import { LibraryCatalog } from './library/catalog.ts';
import { registerFavoriteRoutes } from './library/favorites.ts';
import { registerLibraryRoutes } from './library/routes.ts';
import { registerMemoryRoutes } from './memory/routes.ts';
import { registerJournalRoutes } from './journal/routes.ts';
import { registerPrayerRoutes } from './prayer/routes.ts';
import { registerGoalRoutes } from './goals/routes.ts';
import { registerReadingRoutes } from './reading/routes.ts';
import { GroupCache } from './groups/cache.ts';
import { registerGroupRoutes, type GroupRowsCache } from './groups/routes.ts';
import { registerSheetPage } from './groups/sheet-page.ts';
import { registerSheetRoutes } from './groups/sheets.ts';
import { registerMeetingRoutes } from './groups/meetings.ts';
import { registerChurchRoutes } from './churches/routes.ts';
import { registerGroupPrayerRoutes } from './groups/prayers.ts';
import { registerInvitationRoutes } from './groups/invitations.ts';
import { registerAdminGroupRoutes } from './groups/admin.ts';
import { registerDashboardRoutes, type DashboardRowCache } from './dashboard/routes.ts';
import { DashboardCache } from './dashboard/cache.ts';
import {
  PushSender,
  resolveVapidKeys,
  type PushSenderOptions,
  type VapidKeys,
} from './notifications/push.ts';
import { registerNotificationRoutes } from './notifications/routes.ts';
import { NotificationScheduler } from './notifications/scheduler.ts';
import { NotificationService } from './notifications/service.ts';
import {
  loadHtmlPage,
  loadMemberShell,
  loadPrerenderedPages,
  pageLanguage,
  registerStaticClient,
  sendDrawnPage,
  sendHtmlPage,
} from '#delivery/server/html.ts';
import { isDrawingRequest, loadMemberRenderer } from '#delivery/server/drawing.ts';
import { modeFor } from '#delivery/modes.ts';
import { loadStylesheet, serverPages } from './web/page.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
  }
  interface FastifyInstance {
    routeTable: { method: string; url: string }[];
    auth: Auth;
    database: DatabaseHandle;
    sessionCache: SessionCache;
    /** Work sent after an answer (the reset e-mail; mail/mailer.ts). */
    afterAnswer: AfterAnswer;
    bibleCatalog: BibleCatalog;
    notifications: NotificationService;
    /** The reminder scheduler; main.ts starts it (NOTIFICATIONS_SCHEDULER), close() stops it. */
    notificationScheduler: NotificationScheduler;
    billing: BillingService;
  }
}

export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  secret: string;
  redis?: Redis | null;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Directory of the built SPA; served when it exists. */
  clientDir?: string;
  /** Tests: a controllable clock; trust in a local push endpoint's certificate; a resolver. */
  notifications?: {
    clock?: () => Date;
    pushTls?: PushSenderOptions['tls'];
    pushResolve?: PushSenderOptions['resolve'];
  };
  /** The Stripe client (tests); default: made from config.stripe, null without a key. */
  stripe?: Stripe | null;
  /** Extra routes (tests); they go through the same registry check. */
  plugins?: ((app: FastifyInstance) => void | Promise<void>)[];
  /**
   * Tests: how long a member page's drawing may take before the shell goes instead (default
   * MEMBER_RENDER_TIMEOUT_MS): a test of what is drawn, not of how fast, on a busy machine.
   */
  drawingTimeoutMs?: number;
}

/** What a 503 tells clients to wait before retrying while the database is away. */
const RETRY_AFTER_SECONDS = 5;

/** Strips query strings and reset tokens from URLs before they reach the log. */
export function redactUrl(url: string): string {
  const path = url.split('?')[0] ?? url;
  return path.replace(/(\/reset-password\/)[^/]+/, '$1[redacted]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      remove: true,
    },
    serializers: {
      err: serializeError,
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
      }),
    },
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel),
    // In production only failed and slow requests are logged (the hook below); see .env.example.
    logController: new LogController({ disableRequestLogging: config.logRequests !== 'all' }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });

  if (deps.redis) superviseRedis(deps.redis, app.log);
  // Auth limits guard passwords: without Redis they are counted in the database.
  const rateLimitStore: RateLimitStore = deps.redis
    ? withFallback(redisRateLimitStore(deps.redis), databaseRateLimitStore(database.db), app.log)
    : databaseRateLimitStore(database.db);
  const mailer =
    deps.mailer ??
    createMailer({
      db: database.db,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log: app.log,
      // Without a mail server, every mail is printed in any mode (a newcomer's `npm start`
      // runs in production and needs the reset link); the tests keep their output quiet.
      printToConsole: config.env !== 'test',
    });
  // What goes after an answer (the reset e-mail) is sent before the mail server's connections close.
  const later = afterAnswer(app.log);
  app.decorate('afterAnswer', later);
  app.addHook('onClose', async () => {
    await later.drain();
    mailer.close?.();
  });
  const sessionCache = new SessionCache(config.sessionCacheTtlMs);
  app.decorate('sessionCache', sessionCache);
  // With several instances, a member's sign-out (or any change to them) reaches every memo.
  if (deps.redis) sessionCache.connect(deps.redis);
  app.addHook('onClose', async () => sessionCache.disconnect());
  const billing = new BillingService({
    db: database.db,
    config,
    stripe: deps.stripe === undefined ? createStripeClient(config.stripe) : deps.stripe,
    sessionCache,
    log: app.log,
  });
  app.decorate('billing', billing);
  if (!billing.configured) {
    app.log.info({ event: 'billing.off' }, 'payments are not configured (no Stripe key or prices)');
  }
  const stopMailPurge = scheduleMailPurge(database.db, app.log);
  app.addHook('onClose', async () => stopMailPurge());
  const auth = createAuth({
    db: database.db,
    config,
    secret: deps.secret,
    mailer,
    afterAnswer: later,
    rateLimitStore,
    log: app.log,
    beforeDeleteUser: (userId) => billing.cancelForDeletion(userId),
    onEmailVerified: (userId) => sessionCache.forgetUser(userId),
  });
  app.decorate('auth', auth);
  app.decorate('database', database);

  await app.register(cookie);
  // The plugin builds Helmet again on every request, parsing the CSP's directives each time
  // (a tenth of a small answer's CPU under load); the policy never changes, so it is built
  // once here and set by one hook, and the plugin sets the other headers.
  const setPolicy = contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: config.appUrl.startsWith('https:') ? [] : null,
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setPolicy(request.raw, reply.raw, () => done());
  });
  await app.register(helmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: config.appUrl.startsWith('https:'),
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // JSON answers above 1 KB go out compressed (brotli at a fast level, or gzip); the built
  // client's files are compressed once at build time and sent as they are.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  if (config.logRequests !== 'all') {
    // Failures are logged by the error handler, with the error; here only the slow ones.
    app.addHook('onResponse', async (request, reply) => {
      if (reply.elapsedTime >= config.slowRequestMs) {
        request.log.warn(
          { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
          'slow request',
        );
      }
    });
  }
  /** The page requests counted against the API's per-address limit (sendPage). */
  const pagesCounted = new WeakSet<FastifyRequest>();
  await app.register(rateLimit, {
    global: true,
    max: config.apiRateLimitMax,
    timeWindow: '1 minute',
    ...(deps.redis ? { redis: deps.redis, nameSpace: 'api-rl:' } : {}),
    // The general API limit (a flood guard, per instance without Redis) lets requests through
    // while its Redis store fails, rather than answering 500 to everyone: Redis being away is
    // logged once (superviseRedis), and sign-in limits still hold (in the database).
    skipOnError: true,
    // The API's requests are counted, and a member's page the server draws, once (sendPage
    // below): not the drawing's own requests, which would make one page view many. A shared
    // address (a church's Wi-Fi) then gets drawn pages as long as the API itself would answer.
    allowList: (request) =>
      isDrawingRequest(request) || !(request.url.startsWith('/api') || pagesCounted.has(request)),
    errorResponseBuilder: (request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: translate(
        languageFromHeader(request.headers['accept-language']),
        'errors.tooManyRequests',
      ),
      retryAfter: Math.ceil(context.ttl / 1000),
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Discipleship platform API',
        description: 'Courses, Bible study, journal, prayer and more. Session cookie auth.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Tighten swagger-ui's own policy: nothing from other origins, no framing.
    transformStaticCSP: (header) =>
      header
        .replace(/ https:/g, '')
        .replace(' validator.swagger.io', '')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace("base-uri 'self'", "base-uri 'none'")
        .replace(/ upgrade-insecure-requests;?/, ''),
    uiConfig: { validatorUrl: null },
  });

  // JSON bodies only: an HTML form (urlencoded, multipart, text/plain) cannot reach the API.
  app.removeContentTypeParser('text/plain');

  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request) => {
    request.lang = languageFromHeader(request.headers['accept-language']);
  });
  // API answers depend on who asks: no shared cache may keep them, nor the browser's disk.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'private, no-store');
    }
    return payload;
  });
  registerOriginCheck(app, [config.appUrl]);
  registerInputGate(app);
  const cookieNames = sessionCookieNames(config.appUrl);
  registerSessionCookieRename(app, cookieNames, config.sessionMaxAgeSeconds);
  const resolveSession = createSessionResolver(
    database.db,
    deps.secret,
    sessionCache,
    config.stripe.graceDays,
    cookieNames,
    config.sessionIdleSeconds,
  );
  registerAccessHook(app, resolveSession);
  registerIdleCheckForAuthRoutes(app);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.lang;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        key: v.message ?? '',
      }));
      // The fields and the rules they broke: never the values.
      securityEvent(request, 'request.invalid', {
        outcome: 'refused',
        fields: errors.map((e) => e.path),
        reasons: errors.map((e) => e.key),
      });
      return reply.status(400).send({
        code: 'VALIDATION',
        message: translate(lang, 'errors.validation'),
        errors: errors.map((e) => ({ path: e.path, message: translateValidation(lang, e.key) })),
      });
    }
    if (error instanceof InvalidTextError) {
      securityEvent(request, 'request.invalid', {
        outcome: 'refused',
        fields: [error.path],
        reasons: ['validation.invalidCharacters'],
      });
      return reply.status(400).send({
        code: 'VALIDATION',
        message: translate(lang, 'errors.validation'),
        errors: [{ path: error.path, message: translate(lang, 'validation.invalidCharacters') }],
      });
    }
    if (error instanceof HttpError) {
      logRefusal(request, error.statusCode, error.code);
      return reply
        .status(error.statusCode)
        .send({ code: error.code, message: translate(lang, error.key, error.vars) });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is restarting or unreachable: the pool reconnects on its own, so this
      // request may simply be retried. Logged as a warning: it is the database's outage.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ code: 'UNAVAILABLE', message: translate(lang, 'errors.unavailable') });
    }
    if (error.code?.startsWith('FST_ERR_CTP_')) {
      securityEvent(request, 'request.invalid', { outcome: 'refused', code: error.code });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply
          .status(400)
          .send({ code: 'MALFORMED_JSON', message: translate(lang, 'errors.malformedJson') });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply
          .status(415)
          .send({ code: 'UNSUPPORTED_MEDIA_TYPE', message: translate(lang, 'errors.jsonOnly') });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply
          .status(413)
          .send({ code: 'TOO_LARGE', message: translate(lang, 'errors.tooLarge') });
    }
    if (error.statusCode === 429) {
      logRefusal(request, 429, 'RATE_LIMITED');
      return reply.status(429).send(error);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send({ code: error.code, message: translate(lang, 'errors.badRequest') });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: 'INTERNAL', message: translate(lang, 'errors.generic') });
  });

  registerHealthRoutes(app, database, deps.redis ?? null);
  registerAuthProxy(app, auth, sessionCache, rateLimitStore, (userId, device) =>
    adoptDeviceSettings(database.db, userId, device),
  );
  registerUserRoutes(app, { db: database.db, sessionCache });
  registerSignOutRoutes(app, { auth, sessionCache, appUrl: config.appUrl });
  registerSubscriptionRoutes(app, { billing });
  const supportEvents = { mailer, appUrl: config.appUrl, log: app.log };
  registerAdminRoutes(app, {
    db: database.db,
    auth,
    sessionCache,
    graceDays: config.stripe.graceDays,
    beforeDeleteUser: (userId) => billing.cancelForDeletion(userId),
    ...supportEvents,
  });
  registerSupportRoutes(app, {
    db: database.db,
    rateLimitStore,
    resolveSession,
    ...supportEvents,
  });
  registerSessionRoutes(app, {
    db: database.db,
    auth,
    sessionCache,
    rateLimitStore,
    authRateLimit: config.authRateLimit,
    idleSeconds: config.sessionIdleSeconds,
  });
  const rp = relyingParty(config.appUrl);
  if (isIpAddress(rp.rpID)) {
    app.log.warn(
      { event: 'passkeys.ip-address' },
      `APP_URL names an IP address (${rp.rpID}): browsers make passkeys only for a domain name, so members cannot add one; give the server a name (a local DNS entry such as camino.lan will do) and set APP_URL to it`,
    );
  }
  registerPasskeyRoutes(app, {
    db: database.db,
    auth,
    rp,
    sessionCache,
    rateLimitStore,
    authRateLimit: config.authRateLimit,
  });
  registerEmailVerificationRoutes(app, {
    db: database.db,
    config,
    secret: deps.secret,
    mailer,
    rateLimitStore,
  });
  registerExportRoute(app, { db: database.db });
  const bibleCatalog = new BibleCatalog();
  await bibleCatalog.refresh(database.db);
  app.decorate('bibleCatalog', bibleCatalog);
  registerBibleRoutes(app, { db: database.db, catalog: bibleCatalog });
  registerStudyRoutes(app, { db: database.db, catalog: bibleCatalog });
  const courseCatalog = new CourseCatalog();
  await courseCatalog.sync(database.db);
  registerCourseRoutes(app, { db: database.db, catalog: courseCatalog, bible: bibleCatalog });
  registerOfflineRoutes(app, { courses: courseCatalog });
  registerLibraryRoutes(app, {
    db: database.db,
    catalog: new LibraryCatalog(),
    bible: bibleCatalog,
  });
  registerFavoriteRoutes(app, { db: database.db, bible: bibleCatalog });
  registerMemoryRoutes(app, { db: database.db, bible: bibleCatalog });
  registerJournalRoutes(app, { db: database.db, bible: bibleCatalog });
  registerPrayerRoutes(app, { db: database.db });
  registerGoalRoutes(app, { db: database.db });
  registerReadingRoutes(app, { db: database.db, bible: bibleCatalog });
  const dashboardCache: DashboardRowCache = new DashboardCache(config.dashboardCacheTtlMs);
  if (deps.redis) dashboardCache.connect(deps.redis);
  app.addHook('onClose', async () => dashboardCache.disconnect());
  // Every admin write, done or refused, as a security event (the audit table keeps what
  // changed; this line says who, from where, on which record).
  app.addHook('onResponse', async (request, reply) => {
    if (request.access !== 'admin' || request.user?.role !== 'admin') return;
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const params = request.params as { id?: unknown } | undefined;
    securityEvent(request, 'admin.action', {
      outcome: reply.statusCode < 400 ? 'success' : 'failure',
      status: reply.statusCode,
      targetId: typeof params?.id === 'string' ? params.id : undefined,
    });
  });
  // Any successful write by a member may change what their dashboard shows: drop their entry.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.user && reply.statusCode < 400) {
      dashboardCache.forget(request.user.id);
    }
  });
  // A group's member rows, kept between its members' writes (ADR 0052, as the dashboard's).
  const groupCache: GroupRowsCache = new GroupCache(config.dashboardCacheTtlMs);
  if (deps.redis) groupCache.connect(deps.redis);
  app.addHook('onClose', async () => groupCache.disconnect());
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.user && reply.statusCode < 400) {
      groupCache.forgetUser(request.user.id);
    }
  });
  registerGroupRoutes(app, {
    db: database.db,
    courses: courseCatalog,
    cache: groupCache,
    rateLimitStore,
  });
  // The app's built stylesheet, for the pages the server draws itself (web/page.ts).
  const stylesheet = loadStylesheet(deps.clientDir);
  registerSheetRoutes(app, { db: database.db });
  registerMeetingRoutes(app, { db: database.db, courses: courseCatalog });
  registerGroupPrayerRoutes(app, { db: database.db });
  registerChurchRoutes(app, {
    db: database.db,
    courses: courseCatalog,
    appUrl: config.appUrl,
    rateLimitStore,
  });
  registerSheetPage(app, {
    db: database.db,
    bible: bibleCatalog,
    stylesheet,
  });
  registerInvitationRoutes(app, {
    db: database.db,
    courses: courseCatalog,
    rateLimitStore,
    appUrl: config.appUrl,
  });
  registerAdminGroupRoutes(app, { db: database.db });
  registerDashboardRoutes(app, {
    db: database.db,
    bible: bibleCatalog,
    courses: courseCatalog,
    cache: dashboardCache,
  });
  let vapid: Promise<VapidKeys> | null = null;
  const vapidKeys = () => {
    vapid ??= resolveVapidKeys(database.db, {
      publicKey: config.notifications.vapidPublicKey,
      privateKey: config.notifications.vapidPrivateKey,
    }).catch((error: unknown) => {
      vapid = null;
      throw error;
    });
    return vapid;
  };
  const push = new PushSender(database.db, vapidKeys, config.notifications.vapidSubject, {
    policy: config.notifications.push,
    log: app.log,
    tls: deps.notifications?.pushTls,
    resolve: deps.notifications?.pushResolve,
  });
  app.addHook('onClose', async () => push.close());
  const notifications = new NotificationService({
    db: database.db,
    mailer,
    mailConfigured: mailer.delivers,
    push,
    appUrl: config.appUrl,
    secret: deps.secret,
    log: app.log,
  });
  app.decorate('notifications', notifications);
  registerNotificationRoutes(app, {
    db: database.db,
    service: notifications,
    push,
    secret: deps.secret,
    sessionCache,
    pages: serverPages(stylesheet),
    clock: deps.notifications?.clock,
  });
  const scheduler = new NotificationScheduler({
    db: database.db,
    service: notifications,
    log: app.log,
    clock: deps.notifications?.clock,
    intervalMs: config.notifications.tickMs,
    concurrency: config.notifications.sendConcurrency,
  });
  app.decorate('notificationScheduler', scheduler);
  app.addHook('onClose', async () => scheduler.stop());
  for (const plugin of deps.plugins ?? []) await plugin(app);

  const htmlPage = loadHtmlPage(deps.clientDir);
  if (deps.clientDir && htmlPage) await registerStaticClient(app, deps.clientDir);
  // A visitor (no session cookie) gets the public pages as HTML in their language, painted
  // before any script runs; a member gets the app, which shows their own page at that path.
  const prerendered = loadPrerenderedPages(deps.clientDir);
  const memberShell = htmlPage ? loadMemberShell(deps.clientDir, htmlPage) : null;
  const memberRenderer = memberShell
    ? await loadMemberRenderer(app, deps.clientDir, config.drawingThreads, deps.drawingTimeoutMs)
    : null;
  /**
   * An HTML page in the mode src/delivery/modes.ts decides (src/delivery/README.md): a visitor's
   * page drawn at build time, a member's page drawn now (the shell when that cannot be done),
   * or the app's shell (for a member, naming what the route's first visit needs).
   */
  const countPage = app.createRateLimit();
  const pastTheLimit = async (request: FastifyRequest) => {
    pagesCounted.add(request);
    const limit = await countPage(request);
    return !limit.isAllowed && limit.isExceeded;
  };
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    // Either answer depends on both: a cache must not give one to the other.
    reply.header('vary', 'Cookie, Accept-Language');
    const session = hasSessionCookie(request);
    const mode = modeFor({
      method: request.method,
      session,
      prerendered: prerendered.has(path),
      drawnRoute: memberShell?.draws(path) ?? false,
      canDraw: memberRenderer !== null,
    });
    const language = pageLanguage(request);
    if (mode === 'prerendered')
      return sendHtmlPage(request, reply, prerendered.get(path)![language]);
    // A page drawn for a member counts once against the API's limit for its address (its own
    // requests do not); past the limit, the shell goes, and the API answers the app as usual.
    if (mode === 'drawn' && memberRenderer && memberShell && !(await pastTheLimit(request))) {
      const drawn = await memberRenderer.draw(request, path, language);
      const scripts = memberShell.filesFor(path, language);
      const sent =
        drawn && sendDrawnPage(request, reply, htmlPage!, { ...drawn, scripts }, language);
      if (sent) return sent;
    }
    if (!memberShell || !session) return sendHtmlPage(request, reply, htmlPage!);
    return sendHtmlPage(request, reply, memberShell.pageFor(path, language));
  };
  for (const path of prerendered.keys()) {
    app.get(path, { schema: { hide: true } }, (request, reply) => sendPage(request, reply, path));
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (
      htmlPage &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !needsDeclaration(path) &&
      !path.startsWith('/assets/')
    ) {
      return sendPage(request, reply, path);
    }
    return reply
      .status(404)
      .send({ code: 'NOT_FOUND', message: translate(request.lang, 'errors.notFound') });
  });

  app.addHook('onReady', async () => {
    const { undeclared, unregistered } = registryMismatch(routeTable);
    const problems = [
      undeclared.length > 0 &&
        `Routes missing from the route registry (src/server/routes/registry.ts): ${undeclared.join(', ')}`,
      unregistered.length > 0 &&
        `Routes declared in the route registry (src/server/routes/registry.ts) but never registered: ${unregistered.join(', ')}`,
    ].filter(Boolean);
    if (problems.length > 0) throw new Error(problems.join('. '));
  });

  await app.ready();
  return app;
}

/**
 * The one place that says who may call each route (DESIGN §6). The access hook enforces it
 * for every request, and the app refuses to start with a route that is not declared here, or
 * with a declaration that no route answers (a stale entry reads as a promise that is not kept).
 *
 * - public:  anyone.
 * - session: a signed-in user, even before the age gate (the gate's own calls).
 * - member:  a signed-in user who has passed the age gate.
 * - premium: a member with the premium entitlement (or an admin).
 * - admin:   a member whose role is admin.
 */
export const ACCESS_CLASSES = ['public', 'session', 'member', 'premium', 'admin'] as const;
export type AccessClass = (typeof ACCESS_CLASSES)[number];

export const ROUTE_ACCESS = {
  // Operations
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',

  // better-auth (sign-up, sign-in, sign-out, password reset, change password, delete user):
  // its own endpoints decide what needs a session.
  'GET /api/auth/*': 'public',
  'POST /api/auth/*': 'public',

  // Session and age gate (SPEC §7)
  'GET /api/auth/user': 'session',
  'GET /api/session': 'public',
  'POST /api/user/verify-age': 'session',
  // Signs out only from our own pages, or by POST (src/server/account/sign-out.ts)
  // E-mail address confirmation (ADR 0040); the link itself is GET /api/auth/verify-email.
  'GET /api/user/email-verification': 'session',
  'POST /api/user/email-verification': 'session',
  'GET /api/logout': 'public',
  'POST /api/logout': 'public',

  // Account
  'PATCH /api/user/profile': 'member',
  'PATCH /api/user/preferences': 'member',
  'GET /api/user/sessions': 'member',
  'POST /api/user/sessions/sign-out-others': 'member',
  'POST /api/user/sessions/:id/sign-out': 'member',
  'GET /api/user/export': 'member',
  // Passkeys as a second step of signing in (ADR 0044); the sign-in's side is under /api/auth.
  'GET /api/user/passkeys': 'member',
  'POST /api/user/passkeys/options': 'member',
  'POST /api/user/passkeys': 'member',
  'POST /api/user/passkeys/:id/remove': 'member',

  // Bible (issue 3)
  'GET /api/bible/translations': 'member',
  'GET /api/bible/passage': 'member',
  'GET /api/bible/chapter/:translation/:book/:chapter': 'member',
  'GET /api/bible/parallel/:first/:second/:book/:chapter': 'member',
  'GET /api/bible/search': 'member',
  'GET /api/bible/verse-of-the-day': 'member',
  // Cross references (issue 39 item 3)
  'GET /api/bible/cross-references': 'member',
  // Word study (issue 39 item 2)
  'GET /api/bible/words': 'member',
  'GET /api/bible/words/:number': 'member',
  'GET /api/bible/words/:number/occurrences': 'member',
  'GET /api/bible/compare': 'premium',
  // The offline pack (issue 40, ADR 0070): the same for every member.
  'GET /api/offline/manifest': 'member',
  'GET /api/offline/parts/:id': 'member',

  // Saved studies (owner only: another user's study answers 404)
  'GET /api/studies': 'member',
  'POST /api/studies': 'member',
  'GET /api/studies/:id': 'member',
  'PATCH /api/studies/:id': 'member',
  'DELETE /api/studies/:id': 'member',
  'GET /api/studies/:id/export': 'member',

  // Courses and lessons (issue 4); premium courses are checked per course in the handlers
  'GET /api/courses': 'member',
  'GET /api/courses/:id': 'member',
  'GET /api/lessons/:id': 'member',
  'PUT /api/lessons/:id/response': 'member',
  'POST /api/lessons/:id/complete': 'member',
  'GET /api/badges': 'member',

  // Memory verses (owner only)
  'GET /api/memory-verses': 'member',
  'POST /api/memory-verses': 'member',
  'PATCH /api/memory-verses/:id': 'member',
  'DELETE /api/memory-verses/:id': 'member',
  'POST /api/memory-verses/:id/review': 'member',

  // Library (issue 16): sermons, historic sermons, books, heroes of faith, guides, links; the
  // gospel page is public and prerendered (its text is in the client bundle, ADR 0023)
  'GET /api/library/sermons': 'member',
  'GET /api/library/sermons/:id': 'member',
  'GET /api/library/historic-sermons': 'member',
  'GET /api/library/books': 'member',
  'GET /api/library/heroes': 'member',
  'GET /api/library/heroes/:id': 'member',
  'GET /api/library/resources': 'member',
  'GET /api/library/resources/:id': 'member',
  'GET /api/library/links': 'member',
  'PUT /api/library/read/:kind/:id': 'member',

  // Favorite verses (owner only)
  'GET /api/favorite-verses': 'member',
  'POST /api/favorite-verses': 'member',
  'DELETE /api/favorite-verses/:id': 'member',

  // Journal (owner only)
  'GET /api/journal': 'member',
  'POST /api/journal': 'member',
  'GET /api/journal/export': 'member',
  'GET /api/journal/:id': 'member',
  'PATCH /api/journal/:id': 'member',
  'DELETE /api/journal/:id': 'member',

  // Prayer (owner only)
  'GET /api/prayers': 'member',
  'POST /api/prayers': 'member',
  'PATCH /api/prayers/:id': 'member',
  'DELETE /api/prayers/:id': 'member',
  'POST /api/prayers/:id/answer': 'member',
  'POST /api/prayer-sessions': 'member',

  // Goals (owner only; the recommended preset is checked for premium in the handler)
  'GET /api/goals': 'member',
  'POST /api/goals': 'member',
  'PATCH /api/goals/:id': 'member',
  'DELETE /api/goals/:id': 'member',
  'POST /api/goals/:id/progress': 'member',

  // Small groups (issue 25, ADR 0052): membership and roles are checked in the handlers; a
  // group the caller is not in answers 404.
  'GET /api/groups': 'member',
  'POST /api/groups': 'member',
  'GET /api/groups/:id': 'member',
  'PATCH /api/groups/:id': 'member',
  'POST /api/groups/:id/end': 'member',
  'PATCH /api/groups/:id/membership': 'member',
  'POST /api/groups/:id/leave': 'member',
  'POST /api/groups/:id/transfer': 'member',
  'POST /api/groups/:id/members/:memberId/role': 'member',
  'POST /api/groups/:id/members/:memberId/remove': 'member',
  'GET /api/groups/:id/members': 'member',
  'GET /api/groups/:id/feed': 'member',
  'POST /api/groups/:id/messages': 'member',
  'GET /api/groups/:id/reflections': 'member',
  'POST /api/groups/:id/reflections': 'member',
  'DELETE /api/groups/:id/reflections/:reflectionId': 'member',
  'PATCH /api/groups/:id/reflections/:reflectionId': 'member',
  'PUT /api/groups/:id/reflections/:reflectionId/audience': 'member',
  'GET /api/groups/:id/invitations': 'member',
  'POST /api/groups/:id/invitations': 'member',
  'POST /api/groups/:id/invitations/:invitationId/revoke': 'member',
  'POST /api/groups/:id/invitations/email': 'member',
  // Study sheets (issue 38 item 2): listed by members, made and shared by the leaders; the
  // link's own page, /sheet/<token>, is outside /api (src/server/groups/sheet-page.ts).
  'GET /api/groups/:id/sheets': 'member',
  'POST /api/groups/:id/sheets': 'member',
  'PUT /api/groups/:id/sheets/:sheetId': 'member',
  'POST /api/groups/:id/sheets/:sheetId/link': 'member',
  'DELETE /api/groups/:id/sheets/:sheetId': 'member',
  // Meeting reports (issue 38 item 3): recorded and read by the leaders; each member reads
  // their own attendance from the same list.
  'GET /api/groups/:id/meetings': 'member',
  'POST /api/groups/:id/meetings': 'member',
  'DELETE /api/groups/:id/meetings/:meetingId': 'member',
  // Prayer requests a member shares with the group's leaders (issue 38 item 3).
  'GET /api/groups/:id/prayers': 'member',
  'PUT /api/groups/:id/prayers/:prayerId': 'member',
  'DELETE /api/groups/:id/prayers/:prayerId': 'member',
  // Churches (issue 38 item 4, ADR 0067): pastorship and group membership checked in handlers.
  'GET /api/groups/:id/church': 'member',
  'PUT /api/groups/:id/church': 'member',
  'DELETE /api/groups/:id/church': 'member',
  'GET /api/groups/:id/rhythm': 'member',
  'PUT /api/groups/:id/rhythm': 'member',
  'GET /api/churches': 'member',
  'POST /api/churches': 'member',
  'GET /api/churches/:id': 'member',
  'PATCH /api/churches/:id': 'member',
  'DELETE /api/churches/:id': 'member',
  'POST /api/churches/:id/code': 'member',
  'POST /api/churches/:id/leave': 'member',
  'POST /api/churches/:id/pastor-invitations': 'member',
  'POST /api/churches/:id/groups/:groupId/approve': 'member',
  'POST /api/churches/:id/groups/:groupId/remove': 'member',
  'GET /api/churches/:id/report': 'member',
  'GET /api/churches/:id/report.csv': 'member',
  'GET /api/church-invitations/:token': 'member',
  'POST /api/church-invitations/:token/accept': 'member',
  'GET /api/invitations/received': 'member',
  'POST /api/invitations/received/:id/accept': 'member',
  'POST /api/invitations/received/:id/decline': 'member',
  // The link's preview is for visitors too; joining needs a member past the age gate.
  'GET /api/invitations/:token': 'public',
  'POST /api/invitations/:token/accept': 'member',

  // Reading plans and daily reading
  'GET /api/reading-plans': 'member',
  'POST /api/reading-plans/:id/start': 'member',
  'POST /api/reading-plans/catch-up': 'member',
  'DELETE /api/reading-plans/active': 'member',
  'GET /api/daily-reading': 'member',
  'GET /api/daily-reading/ahead': 'member',
  'POST /api/daily-reading/complete': 'member',

  // Dashboard
  'GET /api/dashboard': 'member',

  // Notifications (issue 14): the list, settings, test, Web Push subscriptions; the e-mail
  // unsubscribe link works without a session (its token is signed and expires).
  'GET /api/notifications': 'member',
  'GET /api/notifications/unread-count': 'member',
  'POST /api/notifications/:id/read': 'member',
  'POST /api/notifications/read-all': 'member',
  'POST /api/notifications/test': 'member',
  'GET /api/notification-settings': 'member',
  'PUT /api/notification-settings': 'member',
  'GET /api/push/public-key': 'member',
  'POST /api/push/subscriptions': 'member',
  'DELETE /api/push/subscriptions': 'member',
  'GET /api/notifications/unsubscribe': 'public',
  'POST /api/notifications/unsubscribe': 'public',
  // Subscription (issue 13): premium is bought here, so these are for every member
  'GET /api/subscription': 'member',
  'POST /api/subscription/checkout': 'member',
  'GET /api/subscription/checkout/:sessionId': 'member',
  'POST /api/subscription/portal': 'member',
  // Stripe's webhook: no session; the Stripe-Signature header is checked in the handler
  'POST /api/stripe/webhook': 'public',

  // Support (issue 15): anyone may file a ticket (rate-limited, honeypot); a member reads and
  // answers their own tickets (another member's ticket answers 404)
  'POST /api/support/tickets': 'public',
  'GET /api/support/tickets': 'member',
  'POST /api/support/tickets/:id/replies': 'member',

  // Admin (issue 15): every action is written to the audit log
  'GET /api/admin/users': 'admin',
  'GET /api/admin/users/:id': 'admin',
  'PATCH /api/admin/users/:id': 'admin',
  'POST /api/admin/users/:id/password-reset': 'admin',
  'POST /api/admin/users/:id/second-step/remove': 'admin',
  'DELETE /api/admin/users/:id': 'admin',
  'GET /api/admin/tickets': 'admin',
  'GET /api/admin/tickets/:id': 'admin',
  'PATCH /api/admin/tickets/:id': 'admin',
  'POST /api/admin/tickets/:id/replies': 'admin',
  'POST /api/admin/tickets/:id/notes': 'admin',
  'GET /api/admin/stats': 'admin',
  'GET /api/admin/groups': 'admin',
  'POST /api/admin/groups/:id/end': 'admin',
  'GET /api/admin/audit': 'admin',
} as const satisfies Record<string, AccessClass>;

export type DeclaredRoute = keyof typeof ROUTE_ACCESS;

export function accessFor(method: string, url: string): AccessClass | undefined {
  const m = method === 'HEAD' ? 'GET' : method;
  return (ROUTE_ACCESS as Record<string, AccessClass>)[`${m} ${url}`];
}

/**
 * What keeps the registry and the routes in step: `undeclared` routes that Fastify registered
 * but the registry does not name, and `unregistered` declarations that no route answers.
 * HEAD routes are Fastify's automatic twins of GET routes and follow their declaration.
 */
export function registryMismatch(routes: readonly { method: string; url: string }[]): {
  undeclared: string[];
  unregistered: string[];
} {
  const known = routes.filter((r) => needsDeclaration(r.url) && r.method !== 'OPTIONS');
  const undeclared = known
    .filter((r) => !accessFor(r.method, r.url))
    .map((r) => `${r.method} ${r.url}`);
  const registered = new Set(known.map((r) => `${r.method} ${r.url}`));
  const unregistered = Object.keys(ROUTE_ACCESS).filter((key) => !registered.has(key));
  return { undeclared, unregistered };
}

/** Routes outside /api and the operational probes are the SPA's static files. */
export function needsDeclaration(url: string): boolean {
  return url.startsWith('/api') || url === '/healthz' || url === '/readyz';
}

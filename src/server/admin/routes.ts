import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '#shared/schemas/user.ts';
import type { SessionCache } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { user } from '../db/schema.ts';
import { notFound } from '../errors.ts';

const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  isPremium: z.boolean(),
  ageVerified: z.boolean(),
  createdAt: z.string(),
});

const PAGE_SIZE = 25;

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function registerAdminRoutes(
  appBase: FastifyInstance,
  deps: { db: Database; sessionCache: SessionCache },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const columns = {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    isPremium: user.isPremium,
    ageVerified: user.ageVerified,
    createdAt: user.createdAt,
  };

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Members, newest first, 25 a page, optionally filtered by name or e-mail',
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          q: z.string().trim().max(100).optional(),
        }),
        response: {
          200: z.object({
            items: z.array(adminUserSchema),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const { page, q } = request.query;
      const pattern = q ? `%${escapeLike(q)}%` : undefined;
      const where = pattern
        ? or(
            ilike(user.email, pattern),
            ilike(user.firstName, pattern),
            ilike(user.lastName, pattern),
          )
        : undefined;
      const [rows, totals] = await Promise.all([
        db
          .select(columns)
          .from(user)
          .where(where)
          .orderBy(desc(user.createdAt), desc(user.id))
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE),
        db.select({ n: count() }).from(user).where(where),
      ]);
      return {
        items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        total: Number(totals[0]?.n ?? 0),
        page,
        pageSize: PAGE_SIZE,
      };
    },
  );

  app.patch(
    '/api/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a member's role or premium entitlement",
        params: z.object({ id: z.string().min(1).max(100) }),
        body: z
          .object({ role: z.enum(ROLES), isPremium: z.boolean() })
          .partial()
          .strict()
          .refine((b) => Object.keys(b).length > 0, { error: 'validation.required' }),
        response: { 200: adminUserSchema },
      },
    },
    async (request) => {
      const [row] = await db
        .update(user)
        .set({ ...request.body, updatedAt: new Date() })
        .where(eq(user.id, request.params.id))
        .returning(columns);
      if (!row) throw notFound();
      deps.sessionCache.forgetUser(row.id);
      request.log.info({ event: 'admin.user-updated', target: row.id }, 'admin changed a user');
      return { ...row, createdAt: row.createdAt.toISOString() };
    },
  );
}

// `npm run make-admin -- someone@example.com`: gives an existing account the admin role.
// Stop the server first when using the embedded database (it serves one process only).
import '../polyfill.ts';
import { sql } from 'drizzle-orm';
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { openPglite, openPostgres } from '../db/client.ts';
import { lockDataDir } from '../db/lock.ts';
import { user } from '../db/schema.ts';

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('Usage: npm run make-admin -- <email>');
  process.exit(2);
}
const config = loadConfig();
const release = config.databaseUrl ? undefined : lockDataDir(resolve(config.dataDir));
try {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, 1)
    : await openPglite(resolve(config.dataDir, 'pglite'));
  await database.migrate();
  const rows = await database.db
    .update(user)
    .set({ role: 'admin' })
    .where(sql`lower(${user.email}) = ${email}`)
    .returning({ id: user.id });
  await database.close();
  if (rows.length === 0) {
    console.error(`No account with the e-mail ${email}. Sign up first, then run this again.`);
    process.exitCode = 1;
  } else {
    console.log(
      `${email} is now an admin. The admin panel opens once they turn on two-step verification (account settings, profile tab).`,
    );
  }
} finally {
  release?.();
}

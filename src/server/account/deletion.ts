import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { ageBlock, mailOutbox, user, verification } from '../db/schema.ts';
import { emailHash } from '../auth/age-block.ts';

export interface DeletedPerson {
  id: string;
  email: string;
}

/**
 * Removes every row about a person, in one transaction (issue 12, defect 8): the user row,
 * and with it by cascade their sessions, credentials and everything they own (journal,
 * prayers, goals, studies, progress…); the mail sent to them (a reset mail holds their name,
 * address and link); the tokens issued to them (better-auth's `verification` rows hold the
 * user's id, or their e-mail in the identifier). Under the age gate (`blockEmail`) only a hash
 * of the address stays, so it cannot sign up again.
 *
 * Called by better-auth's delete-user (its `beforeDelete` hook, so its own delete that follows
 * finds nothing left) and by the age gate. A feature that keeps personal data outside the
 * tables that cascade from `user` removes it here.
 */
export async function deleteAccountData(
  db: Database,
  person: DeletedPerson,
  options: { blockEmail?: boolean } = {},
): Promise<void> {
  const email = person.email.toLowerCase();
  await db.transaction(async (tx) => {
    if (options.blockEmail) {
      await tx
        .insert(ageBlock)
        .values({ emailHash: emailHash(email) })
        .onConflictDoNothing();
    }
    await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${email}`);
    await tx
      .delete(verification)
      .where(
        or(
          eq(verification.value, person.id),
          sql`right(lower(${verification.identifier}), ${email.length}) = ${email}`,
        ),
      );
    await tx.delete(user).where(eq(user.id, person.id));
  });
}

import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  adminAudit,
  ageBlock,
  mailOutbox,
  reminderSchedule,
  user,
  verification,
} from '../db/schema.ts';
import { emailHash } from '../auth/age-block.ts';
import { deleteChurchesWithoutPastors } from '../churches/routes.ts';
import { leaveAllGroups, sendGroupEndedMails } from '../groups/deletion.ts';

/** What the audit log shows in place of an account that was deleted. */
export const DELETED_ACCOUNT = 'deleted';

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
 * The admin audit log keeps its rows (what was done, when) but forgets the person in them: as
 * the target of an action (id, e-mail label, name) and as the admin who acted (id, e-mail).
 * The database allows no other change to that log (migration 0012's trigger).
 *
 * Called by better-auth's delete-user (its `beforeDelete` hook, so its own delete that follows
 * finds nothing left), by the age gate and by an admin's deletion (`alsoInTransaction` writes
 * its audit row with the deletion). A feature that keeps personal data outside the tables that
 * cascade from `user` removes it here.
 */
export async function deleteAccountData(
  db: Database,
  person: DeletedPerson,
  options: {
    blockEmail?: boolean;
    alsoInTransaction?: (
      tx: Parameters<Parameters<Database['transaction']>[0]>[0],
    ) => Promise<void>;
    /**
     * Tells the members of a group that ends with this account (it led it, with no co-leader
     * left) by e-mail, once the deletion is done. Without it (the under-13 removal: such an
     * account never joined a group) nothing is sent.
     */
    groupMail?: Parameters<typeof sendGroupEndedMails>[0];
  } = {},
): Promise<void> {
  const email = person.email.toLowerCase();
  const ended = await db.transaction(async (tx) => {
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
    await tx
      .update(adminAudit)
      .set({
        targetId: DELETED_ACCOUNT,
        targetLabel: '',
        detail: sql`${adminAudit.detail} - 'name'`,
      })
      .where(and(eq(adminAudit.targetType, 'user'), eq(adminAudit.targetId, person.id)));
    await tx
      .update(adminAudit)
      .set({ actorId: null, actorEmail: '' })
      .where(eq(adminAudit.actorId, person.id));
    // The reminder rows first (they cascade too): a tick planning them holds them locked, and
    // waiting for it before the member's row is locked cannot deadlock with its inserts.
    await tx.delete(reminderSchedule).where(eq(reminderSchedule.userId, person.id));
    // Out of every group at once; a group they lead passes on or ends (src/server/groups).
    const notices = await leaveAllGroups(tx, person.id);
    await tx.delete(user).where(eq(user.id, person.id));
    // A church whose only pastor this was goes too (its groups go on, out of it).
    await deleteChurchesWithoutPastors(tx);
    await options.alsoInTransaction?.(tx);
    return notices;
  });
  if (options.groupMail && ended.length) await sendGroupEndedMails(options.groupMail, ended);
}

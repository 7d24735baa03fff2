/**
 * A person's groups when their account is deleted (issue 25, ADR 0052): they leave every group
 * at once (their shared reflections go with the membership); a group they lead passes to its
 * longest-serving co-leader, or ends when none remains, and its other members are told by
 * e-mail in their own language.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '#shared/constants.ts';
import type { Transaction } from '../db/client.ts';
import { groupMember, studyGroup, user } from '../db/schema.ts';
import { translate } from '../i18n/translate.ts';
import type { Mailer } from '../mail/mailer.ts';
import { bumpVersion, endGroup } from './service.ts';

export interface GroupEndedNotice {
  to: string;
  lang: Language;
  group: string;
}

/** Runs inside the account deletion's transaction; returns the e-mails to send once it is done. */
export async function leaveAllGroups(tx: Transaction, userId: string): Promise<GroupEndedNotice[]> {
  const mine = await tx
    .select({ groupId: groupMember.groupId, role: groupMember.role, name: studyGroup.name })
    .from(groupMember)
    .innerJoin(studyGroup, eq(studyGroup.id, groupMember.groupId))
    .where(and(eq(groupMember.userId, userId), isNull(studyGroup.endedAt)));
  if (mine.length === 0) return [];
  await tx.delete(groupMember).where(eq(groupMember.userId, userId));
  const notices: GroupEndedNotice[] = [];
  for (const { groupId, role, name } of mine) {
    if (role === 'leader') {
      const [next] = await tx
        .select({ id: groupMember.id, userId: groupMember.userId })
        .from(groupMember)
        .where(and(eq(groupMember.groupId, groupId), eq(groupMember.role, 'co-leader')))
        .orderBy(asc(groupMember.joinedAt), asc(groupMember.id))
        .limit(1);
      if (next) {
        await tx.update(groupMember).set({ role: 'leader' }).where(eq(groupMember.id, next.id));
        await tx.execute(sql`
          update study_group set time_zone = coalesce(
            (select u.preferences->>'timeZone' from "user" u where u.id = ${next.userId}),
            study_group.time_zone)
          where id = ${groupId}`);
      } else {
        const members = await tx
          .select({ email: user.email, preferences: user.preferences })
          .from(groupMember)
          .innerJoin(user, eq(user.id, groupMember.userId))
          .where(eq(groupMember.groupId, groupId));
        for (const m of members) {
          notices.push({ to: m.email, lang: m.preferences.language ?? 'en', group: name });
        }
        // Told by the e-mail below, which says why: the leader's account closed.
        await endGroup(tx, groupId, null);
        continue;
      }
    }
    await bumpVersion(tx, groupId);
  }
  return notices;
}

/** The e-mail to each co-member of a group that ended with its leader's account. */
export async function sendGroupEndedMails(
  deps: { mailer: Mailer; appUrl: string; log?: FastifyBaseLogger },
  notices: readonly GroupEndedNotice[],
): Promise<void> {
  for (const n of notices) {
    const vars = { group: n.group, url: `${deps.appUrl}/groups` };
    try {
      await deps.mailer.send({
        to: n.to,
        subject: translate(n.lang, 'groups.mail.endedSubject', vars),
        text: translate(n.lang, 'groups.mail.endedBody', vars),
      });
    } catch (err) {
      deps.log?.error({ err, event: 'groups.ended-mail-failed' }, 'group ended e-mail not sent');
    }
  }
}

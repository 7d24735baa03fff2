import { describe, expect, it } from 'vitest';
import { pathSet } from '../helpers/json-paths.ts';
import { createUser, useTestApp } from '../helpers/app.ts';

/**
 * What an admin receives about one member (the guide's rule: one member's data shown to anyone
 * else goes through an endpoint whose fields a test lists). A field added to these answers fails
 * here until it is listed; nothing of a member's journal, prayers, studies or second-step secrets
 * is in them, only counts and whether they have a second step.
 */
const app = useTestApp({}, { admin: { role: 'admin' } });

const MEMBER = [
  'id',
  'email',
  'firstName',
  'lastName',
  'role',
  'isPremium',
  'ageVerified',
  'locked',
  'createdAt',
];

describe('what an admin receives about a member', () => {
  it('lists the fields of the member list and of a member’s detail, and nothing else', async () => {
    const member = await createUser(app.t);
    const page = (
      await app.call(app.admin, 'GET', `/api/admin/users?search=${member.email.split('@')[0]}`)
    ).json();
    expect(pathSet(page.items)).toEqual(MEMBER.map((f) => `[].${f}`).sort());
    const detail = (await app.call(app.admin, 'GET', `/api/admin/users/${member.id}`)).json();
    expect(pathSet(detail)).toEqual(
      [
        ...MEMBER,
        'premium',
        'premium.active',
        'premium.source',
        'premium.since',
        'premium.renewsAt',
        'premium.subscriptionStatus',
        'secondStep',
        'secondStep.authenticatorApp',
        'secondStep.passkeys',
        'lockedAt',
        'lastActiveAt',
        'progress',
        'progress.lessonsCompleted',
        'progress.journalEntries',
        'progress.prayerRequests',
        'progress.memoryVerses',
        'progress.readingPlan',
        'progress.tickets',
      ].sort(),
    );
  });
});

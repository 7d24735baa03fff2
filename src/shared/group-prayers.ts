/**
 * Prayer requests a member shares with a group (issue 38 item 3): each member chooses which of
 * their own requests the group's leaders may read (to pray, and to add to a meeting's report);
 * unsharing, leaving the group or deleting the request takes it away.
 *
 *  GET    /api/groups/:id/prayers                → GroupPrayers   [in the group]
 *  PUT    /api/groups/:id/prayers/:prayerId      → GroupPrayers   [the request's owner]
 *  DELETE /api/groups/:id/prayers/:prayerId      → GroupPrayers   [the request's owner]
 */
import { z } from 'zod';

/** One of the reader's own requests, and whether it is shared with this group. */
export const myPrayerSchema = z.object({
  prayerId: z.string(),
  title: z.string(),
  status: z.enum(['active', 'answered']),
  shared: z.boolean(),
});

/** A request a member shared, as the leader and co-leaders read it (the contract test lists these). */
export const sharedPrayerSchema = z.object({
  prayerId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string(),
  description: z.string(),
  urgent: z.boolean(),
  status: z.enum(['active', 'answered']),
  sharedOn: z.string(),
});
export type SharedPrayer = z.output<typeof sharedPrayerSchema>;

export const groupPrayersSchema = z.object({
  /** The reader's own requests (active first, newest first; at most GROUP_PRAYERS_LISTED). */
  mine: z.array(myPrayerSchema),
  /** What the members shared, newest first; null for a member (only the leaders read them). */
  shared: z.array(sharedPrayerSchema).nullable(),
});
export type GroupPrayers = z.output<typeof groupPrayersSchema>;

/** Requests listed on either side. */
export const GROUP_PRAYERS_LISTED = 50;

/**
 * Plain values of churches (issue 38 item 4) that the browser's app and the server share; the
 * schemas are in ../churches.ts.
 */

export const CHURCH_NAME_MAX = 80;
/** Churches one member may pastor. */
export const CHURCHES_PASTORED_MAX = 5;
/** Pastors of one church. */
export const CHURCH_PASTORS_MAX = 10;
/** Groups attached to (or asking to join) one church. */
export const CHURCH_GROUPS_MAX = 300;
/** A pastor's invitation link is good for one use within this many days. */
export const CHURCH_INVITATION_DAYS = 7;
/** The code a pastor gives the church's leaders: this many characters of CHURCH_CODE_ALPHABET. */
export const CHURCH_CODE_LENGTH = 8;
/** No 0/O, 1/I/L: a code read aloud or copied from a bulletin is typed right. */
export const CHURCH_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** How many weeks back a pastor may look. */
export const CHURCH_WEEKS_BACK = 52;

/**
 * The weekly rhythm: a member's aim is this many active days a week unless they change it; the
 * pastor's roll-up counts the members who reached this many active days in the week, whatever
 * their own aim (one measure across the church).
 */
export const ACTIVE_DAYS_AIM = 4;
export const ACTIVE_DAYS_AIM_MIN = 1;
export const ACTIVE_DAYS_AIM_MAX = 7;

/** A group's place in a church: asked (waiting for a pastor) or attached. */
export const CHURCH_LINK_STATUSES = ['pending', 'attached'] as const;
export type ChurchLinkStatus = (typeof CHURCH_LINK_STATUSES)[number];

/** A code as typed: spaces and dashes dropped, upper case. */
export const normalizeChurchCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/** A code shown to people: two groups of four ("ABCD-EFGH"). */
export const formatChurchCode = (code: string) =>
  code.length === CHURCH_CODE_LENGTH ? `${code.slice(0, 4)}-${code.slice(4)}` : code;

/**
 * Plain values of meeting reports (reporte de célula, issue 38 item 3) that the browser's app
 * and the server share; the schemas are in ../meetings.ts.
 */

/** How far back a meeting may be reported (a report kept offline for days, then sent). */
export const MEETING_DAYS_BACK = 60;
export const MEETING_VISITORS_MAX = 200;
export const MEETING_VISITOR_NAMES_MAX = 300;
export const MEETING_PRAYER_MAX = 2000;
export const MEETING_NOTE_MAX = 1000;
/** Reports listed and charted: about a year of weekly meetings. */
export const MEETINGS_LISTED = 52;

/** What the meeting covered: a lesson of the group's course, or one of its study sheets. */
export const COVERED_KINDS = ['lesson', 'sheet'] as const;
export type CoveredKind = (typeof COVERED_KINDS)[number];

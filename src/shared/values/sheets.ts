/**
 * Plain values of study sheets that the browser's app, its service workers and the server
 * share (no schema library here: the workers import this file).
 */

/** Where a sheet's link opens: `/sheet/<token>`, a page the server draws outside the app. */
export const SHEET_PATH_PREFIX = '/sheet/';

/** The sheets' own service worker (its scope: `/sheet/`) and what it keeps for offline use. */
export const SHEET_SW_URL = '/sheet/sw.js';
export const SHEET_SCRIPT_URL = '/sheet/sheet.js';
/** Sheets opened on this device, for reading offline; emptied on sign-out like the member's data. */
export const SHEETS_CACHE = 'camino-sheets';

/** Who opens a sheet's link: the group's members (signed in), or anyone who has it. */
export const SHEET_AUDIENCES = ['group', 'public'] as const;
export type SheetAudience = (typeof SHEET_AUDIENCES)[number];

export const SHEET_TITLE_MAX = 120;
export const SHEET_PASSAGES_MAX = 8;
export const SHEET_QUESTIONS_MAX = 12;
export const SHEET_QUESTION_MAX = 500;
export const SHEET_PRAYER_MAX = 1000;
export const SHEET_NOTE_MAX = 2000;
/** Verses of all the sheet's passages together: a meeting's reading, and a page under 60 KB. */
export const SHEET_VERSES_MAX = 150;
/** Sheets a group keeps (its leaders delete old ones to make room). */
export const SHEETS_PER_GROUP_MAX = 100;

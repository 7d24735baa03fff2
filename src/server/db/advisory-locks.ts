/**
 * The PostgreSQL advisory locks the app takes, in one place so no two share a key. Each
 * serialises work that several instances starting together would otherwise race on.
 */
export const ADVISORY_LOCKS = {
  /** Held (per session) while migrations run: one instance migrates, the others wait. */
  migrations: 7_314_158,
  /** Held (per transaction) while one bundled Bible is checked and loaded. */
  bibleInstall: 7_314_159,
  /** Held (per transaction) while the bundled cross references are checked and installed. */
  crossReferenceInstall: 7_314_160,
  /** Held (per transaction) while the word study is checked and installed. */
  wordStudyInstall: 7_314_161,
} as const;

import { config } from 'zod';

// Zod compiles object parsers with `new Function` when it can, and finds out by trying: under
// our CSP (no 'unsafe-eval') the try is a reported violation. The browser parses little, so
// it does without. Imported first by main.tsx, before any schema is built.
config({ jitless: true });

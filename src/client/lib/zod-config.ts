import { config } from 'zod';

// Zod compiles object parsers with `new Function` when it can, and finds out by trying: under
// our CSP (no 'unsafe-eval') the try is a reported violation. The browser parses little, so
// it does without. Imported before any schema is built: by lib/lazy-resolver.ts before it loads
// a form's schema, and first by any module that imports Zod itself (pages/ResetPassword.tsx).
config({ jitless: true });

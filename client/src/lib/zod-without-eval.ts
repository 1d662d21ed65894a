import { config } from 'zod/v4/core';

// zod compiles object parsers with `new Function` when it may, and probes for that when a schema is
// defined. The page's Content-Security-Policy forbids eval (script-src 'self'), so the probe is a
// CSP violation in the console. The client parses small forms: the interpreted parser is enough.
// Imported first by main.tsx, before any schema module is evaluated.
config({ jitless: true });

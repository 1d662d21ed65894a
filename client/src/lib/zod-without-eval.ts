// zod compiles object parsers with `new Function` when it may, and probes for that when a schema is
// defined. The page's Content-Security-Policy forbids eval (script-src 'self'), so the probe is a
// CSP violation in the console. The client parses small forms: the interpreted parser is enough.
// zod keeps its configuration (what `z.config()` sets) on globalThis.__zod_globalConfig and takes
// the object found there when it loads: set here, first thing in main.tsx, before any schema module
// is evaluated, without importing zod, whose core the sign-in page would otherwise carry.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

/**
 * The demo accounts' published password (README). Production refuses to start while any demo
 * account still accepts it (db/seed/demo-guard.ts).
 */
export const DEMO_PASSWORD = 'callboard-demo-2026';

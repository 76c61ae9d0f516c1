import { config } from 'zod';

/**
 * zod compiles object schemas with `new Function` when the page allows it, and finds out by
 * trying: under the shop's Content-Security-Policy (no 'unsafe-eval', firebase.json) that try
 * is a reported violation on every page. Validation without the compiler is as correct and
 * fast enough for the documents a page reads. Imported first by main.tsx, before any schema
 * is built (the setting is read when a schema is made).
 */
config({ jitless: true });

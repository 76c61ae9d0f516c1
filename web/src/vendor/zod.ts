/**
 * zod as the web app imports it (vite.config.ts points `zod` here), configured before any
 * schema is built, in whichever chunk first loads zod: zod compiles object schemas with
 * `new Function` when the page allows it, and finds out by trying; under the shop's
 * Content-Security-Policy (no 'unsafe-eval', firebase.json) that try is a reported violation
 * on every page. Validation without the compiler is as correct and fast enough for the
 * documents a page reads. The setting is read when a schema is made.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';

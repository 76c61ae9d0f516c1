/**
 * Suites against the project the emulators serve call some services directly (a draw, a
 * scheduled run): they get the configuration the Functions emulator gives the functions.
 */
import { functionsEnv } from '../../../emulators/config';

for (const [key, value] of Object.entries(functionsEnv())) process.env[key] ??= value;

/** The functions' configuration under the emulator (functions/.env.demo-rafflewin). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ENV_FILE = join(__dirname, '..', '..', '..', 'functions', '.env.demo-rafflewin');

/** `KEY=value` lines of a dotenv file (quotes kept: the functions emulator keeps them too). */
function dotenv(path: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match) values[match[1]!] = match[2]!;
  }
  return values;
}

/** The variables the Functions emulator gives the functions. */
export function functionsEnv(): Record<string, string> {
  return dotenv(ENV_FILE);
}

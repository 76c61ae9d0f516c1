/**
 * The local scheduler of `npm start` and the tests read the functions' dotenv files themselves
 * (emulators/config.ts): they must read each line as the Functions emulator does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dotenv } from '../../emulators/config';

// firebase-tools' own parser, which the Functions emulator uses (it ships no types).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parse } = require('firebase-tools/lib/functions/env') as {
  parse: (data: string) => { envs: Record<string, string> };
};

describe('dotenv', () => {
  it('reads every line as the Functions emulator does', () => {
    const text = [
      'PLAIN=sk_test_123',
      'QUOTED="sk test"',
      "SINGLE='a#b'",
      'COMMENTED=value # a note',
      'QUOTED_COMMENTED="x y" # a note',
      'ESCAPED="line one\\nline \\"two\\""',
      'EMPTY=',
      'export EXPORTED=yes',
      'MAIL_FROM="RaffleWin" <no-reply@rafflewin.local>',
      '# a comment line',
      '',
    ].join('\n');
    expect(dotenv(text)).toEqual(parse(text).envs);
  });

  it('reads the committed local configuration as the emulator does', () => {
    const text = readFileSync(join(__dirname, '../../functions/.env.demo-rafflewin'), 'utf8');
    expect(dotenv(text)).toEqual(parse(text).envs);
  });
});

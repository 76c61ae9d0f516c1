/**
 * `storage.rules`, as far as this machine can try them. The Storage emulator cannot start here
 * (its rules runtime cannot be downloaded), so its role matrix cannot run; instead the rules
 * are compiled by the Firestore emulator's own rules compiler (the same language), which fails
 * on any syntax error, and their shape is checked: reading an image by name is public, and
 * every other operation is refused or goes through `isAdmin()`, which reads the account's
 * standing and second factor from Firestore exactly as firestore.rules' isAdmin() does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../emulators/config';

const source = readFileSync(join(ROOT, 'storage.rules'), 'utf8');

interface Issue {
  severity: string;
  description: string;
}

/** The Firestore emulator's answer to the rules (a 400 with the first syntax error). */
async function compile(rules: string): Promise<{ status: number; issues: Issue[]; text: string }> {
  const response = await fetch(
    `http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/demo-storage-rules:securityRules`,
    {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules: { files: [{ name: 'storage.rules', content: rules }] } }),
    },
  );
  const text = await response.text();
  const issues = response.ok ? ((JSON.parse(text) as { issues?: Issue[] }).issues ?? []) : [];
  return { status: response.status, issues, text };
}

/** Warnings that only say the Firestore service does not know Storage's cross-service calls. */
const CROSS_SERVICE =
  /^(Invalid variable name: firestore\.|Invalid function name: exists\.|Incorrect number of arguments supplied to function: get\.)$/;

describe('storage.rules', () => {
  it('compiles, with nothing but the cross-service calls unknown to Firestore', async () => {
    const { status, issues, text } = await compile(source);
    expect({ status, text: status === 200 ? '' : text }).toEqual({ status: 200, text: '' });
    expect(issues.filter((issue) => !CROSS_SERVICE.test(issue.description))).toEqual([]);
  });

  it('would fail on a syntax error (the check above is not vacuous)', async () => {
    const broken = await compile(
      source.replace('allow update: if false;', 'allow update: if false(;'),
    );
    expect(broken.status).toBe(400);
    expect(broken.text).toContain('Error compiling rules');
  });

  it('lets anyone read an image by name and only a verified administrator do anything else', () => {
    const allows = [...source.matchAll(/allow ([a-z, ]+): if ([^;]+);/g)].map(([, ops, rule]) => ({
      ops: ops!.split(',').map((op) => op.trim()),
      rule: rule!.replace(/\s+/g, ' ').trim(),
    }));
    expect(allows.flatMap(({ ops }) => ops).sort()).toEqual(
      ['create', 'delete', 'get', 'list', 'update'].sort(),
    );
    for (const { ops, rule } of allows) {
      if (ops.includes('get')) expect(rule).toBe('true');
      else if (ops.includes('update')) expect(rule).toBe('false');
      else expect(rule.startsWith('isAdmin()')).toBe(true);
    }
    // An upload is an image of the three kinds the console accepts, under 5 MB: no SVG or HTML
    // (script) and no file past the limit, whatever the browser sends.
    // A delete is the console's clean-up of its own refused upload, minutes old, by whoever
    // uploaded it: once the library has recorded the file (libraryUploads), it goes through
    // deleteLibraryImage (its entry with it, audited, kept while a raffle or slide shows it).
    expect(allows.find(({ ops }) => ops.includes('delete'))?.rule).toBe(
      "isAdmin() && resource.metadata.uploadedBy == request.auth.uid && request.time < resource.timeCreated + duration.value(10, 'm') && !firestore.exists(/databases/(default)/documents/libraryUploads/$(fileName))",
    );
    expect(allows.find(({ ops }) => ops.includes('create'))?.rule).toBe(
      "isAdmin() && request.resource.size < 5 * 1024 * 1024 && request.resource.contentType.matches('image/(jpeg|png|gif)') && request.resource.metadata.uploadedBy == request.auth.uid",
    );
    // The standing firestore.rules checks, read from Firestore: a confirmed address, a profile
    // (a deleted former administrator's old token has none), bans, ended sessions, the address
    // the shop keeps, the code.
    for (const term of [
      'request.auth.token.admin == true',
      'request.auth.token.email_verified == true',
      'firestore.exists(/databases/(default)/documents/users/$(request.auth.uid))',
      "get('banned', false) == false",
      "signedInAt() >= firestore.get(profile).data.get('sessionsValidAfter', 0)",
      "request.auth.token.get('signInStartedAt', authTime)",
      "request.auth.token.get('email', '').lower() == firestore.get(profile).data.get('email', '').lower()",
      "get('twoFactorEnabled', false) == false",
      'firestore.get(verified).data.expiresAt > request.time',
      "request.auth.token.get('twoFactorSession', string(request.auth.token.auth_time))",
    ]) {
      expect(source.replace(/\s+/g, ' ')).toContain(term);
    }
  });
});

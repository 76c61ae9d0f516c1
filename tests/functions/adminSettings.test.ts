import {
  ACCESS_MESSAGES,
  DEFAULT_SITE_SETTINGS,
  DEFAULT_SOCIAL_SETTINGS,
  EMAIL_SETTINGS_MESSAGES,
  SITE_SETTINGS_PATH,
  SMTP_SECRET_PATH,
  SMTP_SETTINGS_PATH,
  SOCIAL_SETTINGS_PATH,
  SETTINGS_MESSAGES,
  auditLogCollection,
  mailCollection,
  rafflePath,
  type GeneralSettings,
  type ThemeSettings,
  type CallableName,
  TEST_EMAIL_MESSAGES,
} from '@rafflewin/domain';
import type { DocumentData } from 'firebase-admin/firestore';
import { PORTS } from '../../emulators/config';
import { adminDb, uniqueEmail, versionOf } from '../support/admin';
import { callRaw, call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { messageTo } from '../support/mail';
import { createRaffle } from '../support/raffles';

jest.setTimeout(90_000);

let admin: Customer;
let customer: Customer;
/** Site-wide documents this file changes, restored afterwards for the suites that follow. */
const PATHS = [SITE_SETTINGS_PATH, SOCIAL_SETTINGS_PATH, SMTP_SETTINGS_PATH, SMTP_SECRET_PATH];
const saved = new Map<string, DocumentData | undefined>();

beforeAll(async () => {
  [admin, customer] = await Promise.all([newAdmin(), newCustomer()]);
  for (const path of PATHS) saved.set(path, (await adminDb.doc(path).get()).data());
});

afterAll(async () => {
  for (const path of PATHS) {
    const data = saved.get(path);
    if (data) await adminDb.doc(path).set(data);
    else await adminDb.doc(path).delete();
  }
});

const general = (overrides: Partial<GeneralSettings> = {}): GeneralSettings => ({
  siteName: 'Prize Palace',
  siteDescription: 'Tests',
  contactEmail: 'help@prizepalace.example',
  supportPhone: '+44 20 7946 0001',
  address: '2 Test Street',
  legalName: 'Prize Palace Ltd',
  companyNumber: 'SC123456',
  registeredOffice: '3 Test Street\nEdinburgh EH1 1AA',
  postalEntryAddress: 'Prize Palace Entries\nPO Box 9\nEdinburgh EH1 9ZZ',
  maintenanceMode: false,
  registrationEnabled: true,
  allowGuestViews: true,
  refuseWrongAnswers: false,
  ...overrides,
});

const theme = (overrides: Record<string, unknown> = {}) => {
  const values = Object.fromEntries(
    Object.entries(DEFAULT_SITE_SETTINGS).filter(([key]) => key.startsWith('theme')),
  ) as ThemeSettings;
  return { ...values, ...overrides };
};

const social = (overrides: Record<string, unknown> = {}) => ({
  facebook: '',
  twitter: '',
  instagram: '',
  linkedin: '',
  youtube: '',
  tiktok: '',
  website: '',
  ...overrides,
});

const smtp = (overrides: Record<string, unknown> = {}) => ({
  host: `127.0.0.1`,
  port: PORTS.smtp,
  secure: false,
  user: 'mailer',
  password: null as string | null,
  fromAddress: 'shop@prizepalace.example',
  fromName: 'Prize Palace',
  ...overrides,
});

/** How many SMTP tests have been audited (each attempt, sent or failed, is). */
async function auditCount(): Promise<number> {
  return (await audit(SMTP_SETTINGS_PATH, 'settings.email.test')).length;
}

async function audit(target: string, action: string) {
  const entries = await adminDb
    .collection(auditLogCollection)
    .where('target', '==', target)
    .where('action', '==', action)
    .where('actorUid', '==', admin.uid)
    .get();
  return entries.docs.map((d) => d.data());
}

describe('every settings callable', () => {
  const requests: Array<[CallableName, unknown]> = [
    ['updateSiteSettings', { group: 'general', settings: general() }],
    ['updateEmailSettings', { ...smtp(), clearPassword: false }],
    ['sendTestEmail', { to: 'someone@example.com', smtp: smtp({ password: 'x' }) }],
  ];

  it.each(requests)('%s refuses guests and customers and changes nothing', async (name, input) => {
    const before = (await adminDb.doc(SITE_SETTINGS_PATH).get()).data();
    expect(await callRaw(name, input)).toMatchObject({ ok: false, status: 'UNAUTHENTICATED' });
    expect(await callRaw(name, input, customer)).toEqual({
      ok: false,
      status: 'PERMISSION_DENIED',
      message: ACCESS_MESSAGES.adminOnly,
    });
    expect((await adminDb.doc(SITE_SETTINGS_PATH).get()).data()).toEqual(before);
  });
});

describe('updateSiteSettings', () => {
  it('saves General, keeping the theme, with an audit entry', async () => {
    await adminDb.doc(SITE_SETTINGS_PATH).set({
      ...DEFAULT_SITE_SETTINGS,
      themePrimaryColor: '#112233',
    });
    await callOk('updateSiteSettings', { group: 'general', settings: general() }, admin);
    const stored = (await adminDb.doc(SITE_SETTINGS_PATH).get()).data();
    expect(stored).toMatchObject({ ...general(), themePrimaryColor: '#112233' });
    const [entry] = await audit(SITE_SETTINGS_PATH, 'settings.general.update');
    expect(entry).toMatchObject({ after: general() });
  });

  it('saves only what the form changed, so a change saved meanwhile by another administrator stays', async () => {
    await adminDb.doc(SITE_SETTINGS_PATH).set({ ...DEFAULT_SITE_SETTINGS, ...general() });
    const other = await newAdmin('Otto', 'Other');
    // Both forms were filled from the same settings; the other administrator saves first.
    await callOk(
      'updateSiteSettings',
      { group: 'general', settings: general({ maintenanceMode: true }), seen: general() },
      other,
    );
    const answer = await callOk(
      'updateSiteSettings',
      { group: 'general', settings: general({ siteName: 'Renamed Palace' }), seen: general() },
      admin,
    );
    const both = general({ siteName: 'Renamed Palace', maintenanceMode: true });
    expect(answer).toEqual({ group: 'general', settings: both });
    expect((await adminDb.doc(SITE_SETTINGS_PATH).get()).data()).toMatchObject(both);
    const entries = await audit(SITE_SETTINGS_PATH, 'settings.general.update');
    expect(entries.map((entry) => entry.after)).toEqual(
      expect.arrayContaining([{ siteName: 'Renamed Palace' }]),
    );
    // A form filled before it cannot switch maintenance off by saving something else, either
    // on the other tabs: Appearance keeps it too.
    await callOk(
      'updateSiteSettings',
      {
        group: 'theme',
        settings: theme({ themeLayoutWidth: 'narrow' }),
        seen: theme(),
      },
      other,
    );
    expect((await adminDb.doc(SITE_SETTINGS_PATH).get()).data()).toMatchObject({
      ...both,
      themeLayoutWidth: 'narrow',
    });
  });

  it('puts the company line from General at the foot of every e-mail', async () => {
    await callOk('updateSiteSettings', { group: 'general', settings: general() }, admin);
    const to = uniqueEmail('footer');
    await adminDb.collection(mailCollection).add({
      to,
      subject: 'Your tickets',
      text: 'Good luck!',
      html: '<p>Good luck!</p>',
      status: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: new Date(),
      sentAt: null,
    });
    const message = await messageTo(to);
    const line =
      'Prize Palace Ltd, registered in Scotland, company number SC123456. ' +
      'Registered office: 3 Test Street, Edinburgh EH1 1AA.';
    expect(message.text.trim()).toBe(`Good luck!\n\n--\n${line}`);
    expect(message.html).toContain(`${line}</p>`);
  });

  it('checks each tab with its messages', async () => {
    const before = (await adminDb.doc(SITE_SETTINGS_PATH).get()).data();
    const refusals: Array<[unknown, string]> = [
      [{ group: 'general', settings: general({ siteName: ' ' }) }, 'Site name is required'],
      [
        { group: 'general', settings: general({ contactEmail: 'nope' }) },
        'Enter a valid contact email address, or leave it empty',
      ],
      [
        { group: 'general', settings: general({ companyNumber: '1234' }) },
        'Enter the 8-character company number from Companies House, such as 01234567 or SC123456',
      ],
      [
        { group: 'theme', settings: theme({ themePrimaryColor: 'red' }) },
        'Use a hex colour such as #0A1930',
      ],
      [
        {
          group: 'theme',
          settings: theme({ themeCustomCss: 'body{}</style><script>x()</script>' }),
        },
        'Custom CSS cannot contain "<" (no HTML tags or </style>)',
      ],
      [
        {
          group: 'theme',
          settings: theme({ themeCustomCss: 'body{background:url(https://evil.example/x)}' }),
        },
        'Custom CSS can only load files from this site, such as url(/images/banner.png)',
      ],
      [
        { group: 'theme', settings: theme({ themeCustomCss: '@import url(/x.css);' }) },
        'Custom CSS cannot use @import, @charset or @namespace',
      ],
      [
        { group: 'social', settings: social({ facebook: 'javascript:alert(1)' }) },
        'Enter a full link starting with https://, or leave it empty',
      ],
    ];
    for (const [input, message] of refusals) {
      expect(await callRaw('updateSiteSettings', input, admin)).toEqual({
        ok: false,
        status: 'INVALID_ARGUMENT',
        message,
      });
    }
    // The old enum values are no longer accepted, and a custom-JS field does not exist.
    for (const settings of [theme({ themeCardStyle: 'outlined' }), theme({ themeCustomJs: 'x' })]) {
      expect(
        await callRaw('updateSiteSettings', { group: 'theme', settings }, admin),
      ).toMatchObject({
        ok: false,
        status: 'INVALID_ARGUMENT',
      });
    }
    expect((await adminDb.doc(SITE_SETTINGS_PATH).get()).data()).toEqual(before);
  });

  it('keeps the postal entry address while a raffle is live, and removes it when none is', async () => {
    await callOk('updateSiteSettings', { group: 'general', settings: general() }, admin);
    const raffleId = await createRaffle({ active: true });
    const cleared = { group: 'general' as const, settings: general({ postalEntryAddress: ' ' }) };
    expect(await callRaw('updateSiteSettings', cleared, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: SETTINGS_MESSAGES.postalAddressInUse,
    });
    expect((await adminDb.doc(SITE_SETTINGS_PATH).get()).get('postalEntryAddress')).toBe(
      general().postalEntryAddress,
    );
    await adminDb.doc(rafflePath(raffleId)).update({ active: false });
    await callOk('updateSiteSettings', cleared, admin);
    expect((await adminDb.doc(SITE_SETTINGS_PATH).get()).get('postalEntryAddress')).toBe('');
  });

  it('saves Appearance with the offered choices, moving an old document to the new form', async () => {
    await adminDb.doc(SITE_SETTINGS_PATH).set({
      siteName: 'Legacy',
      maintenanceMode: false,
      themeCardStyle: 'outlined',
      themeFooterStyle: 'detailed',
    });
    const settings = theme({
      themeLayoutWidth: 'narrow',
      themeNavbarStyle: 'transparent',
      themeFooterStyle: 'minimal',
      themeFontFamily: 'Open Sans',
      themeCustomCss: '.hero { background: url("/images/placeholder.svg"); }',
    });
    await callOk('updateSiteSettings', { group: 'theme', settings }, admin);
    expect((await adminDb.doc(SITE_SETTINGS_PATH).get()).data()).toEqual({
      ...DEFAULT_SITE_SETTINGS,
      siteName: 'Legacy',
      ...settings,
    });
    const [entry] = await audit(SITE_SETTINGS_PATH, 'settings.theme.update');
    expect(entry?.before).toMatchObject({
      themeCardStyle: 'outlined',
      themeFooterStyle: 'detailed',
    });
  });

  it("saves Social Media: empty links become '#'", async () => {
    await callOk(
      'updateSiteSettings',
      { group: 'social', settings: social({ linkedin: 'https://www.linkedin.com/company/x' }) },
      admin,
    );
    expect((await adminDb.doc(SOCIAL_SETTINGS_PATH).get()).data()).toEqual({
      ...DEFAULT_SOCIAL_SETTINGS,
      linkedin: 'https://www.linkedin.com/company/x',
    });
    expect(await audit(SOCIAL_SETTINGS_PATH, 'settings.social.update')).not.toHaveLength(0);
  });
});

describe('updateEmailSettings: the password is write-only', () => {
  const password = `pw-${Date.now()}-secret`;

  it('stores the password apart, never returns it and never logs it', async () => {
    const result = await callOk(
      'updateEmailSettings',
      { ...smtp({ password }), clearPassword: false },
      admin,
    );
    expect(result).toEqual({
      host: '127.0.0.1',
      port: PORTS.smtp,
      secure: false,
      user: 'mailer',
      fromAddress: 'shop@prizepalace.example',
      fromName: 'Prize Palace',
      hasPassword: true,
      // The version the tab's next save is made on.
      updatedAt: await versionOf(SMTP_SETTINGS_PATH),
    });
    const settings = (await adminDb.doc(SMTP_SETTINGS_PATH).get()).data();
    expect(settings).toMatchObject({ hasPassword: true });
    expect(JSON.stringify(settings)).not.toContain(password);
    expect((await adminDb.doc(SMTP_SECRET_PATH).get()).get('password')).toBe(password);
    const entries = await audit(SMTP_SETTINGS_PATH, 'settings.email.update');
    expect(entries.length).toBeGreaterThan(0);
    expect(JSON.stringify(entries)).not.toContain(password);
    expect(entries.at(-1)?.after).toMatchObject({ passwordChanged: true, hasPassword: true });
  });

  it('keeps the saved password when none is typed, and removes it on request', async () => {
    await callOk(
      'updateEmailSettings',
      { ...smtp({ fromName: 'Prize Palace Mail' }), clearPassword: false },
      admin,
    );
    expect((await adminDb.doc(SMTP_SETTINGS_PATH).get()).data()).toMatchObject({
      fromName: 'Prize Palace Mail',
      hasPassword: true,
    });
    expect((await adminDb.doc(SMTP_SECRET_PATH).get()).get('password')).toBe(password);

    // Another host, port or username with no password typed would send the saved one there
    // (the outbox signs in with it): refused, and nothing changes.
    const before = (await adminDb.doc(SMTP_SETTINGS_PATH).get()).data();
    for (const elsewhere of [{ host: 'smtp.elsewhere.example' }, { port: 2525 }, { user: 'x' }]) {
      expect(
        await call('updateEmailSettings', { ...smtp(elsewhere), clearPassword: false }, admin),
      ).toMatchObject({
        ok: false,
        status: 'INVALID_ARGUMENT',
        message: TEST_EMAIL_MESSAGES.passwordForNewServer,
      });
    }
    expect((await adminDb.doc(SMTP_SETTINGS_PATH).get()).data()).toEqual(before);
    expect((await adminDb.doc(SMTP_SECRET_PATH).get()).get('password')).toBe(password);
    // With the password typed for it, the new server is saved.
    await callOk(
      'updateEmailSettings',
      { ...smtp({ port: 2525, password: `${password}-2525` }), clearPassword: false },
      admin,
    );
    expect((await adminDb.doc(SMTP_SETTINGS_PATH).get()).get('port')).toBe(2525);
    expect((await adminDb.doc(SMTP_SECRET_PATH).get()).get('password')).toBe(`${password}-2525`);
    await callOk('updateEmailSettings', { ...smtp({ password }), clearPassword: false }, admin);

    await callOk('updateEmailSettings', { ...smtp(), clearPassword: true }, admin);
    expect((await adminDb.doc(SMTP_SETTINGS_PATH).get()).get('hasPassword')).toBe(false);
    expect((await adminDb.doc(SMTP_SECRET_PATH).get()).exists).toBe(false);
  });

  it('checks the server fields', async () => {
    expect(
      await call('updateEmailSettings', { ...smtp({ port: 70000 }), clearPassword: false }, admin),
    ).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'Port must be a whole number from 1 to 65535',
    });
    expect(
      await call(
        'updateEmailSettings',
        { ...smtp({ host: 'smtp .x' }), clearPassword: false },
        admin,
      ),
    ).toMatchObject({ message: 'Enter a server name such as smtp.example.com, or leave it empty' });
    expect(
      await call(
        'updateEmailSettings',
        { ...smtp({ fromAddress: '' }), clearPassword: false },
        admin,
      ),
    ).toMatchObject({ message: 'Enter the address e-mails are sent from' });
    expect(
      await call(
        'updateEmailSettings',
        { ...smtp({ fromName: 'n'.repeat(121) }), clearPassword: false },
        admin,
      ),
    ).toMatchObject({ message: 'Sender name must be at most 120 characters' });
  });
});

describe('updateEmailSettings: a save over a change saved since the tab was opened', () => {
  it('is refused, and the change stays; the answer is the version to save on next', async () => {
    const other = await newAdmin('Otto', 'Other');
    const save = (values: Record<string, unknown>, seenUpdatedAt: number | null, as: Customer) =>
      call('updateEmailSettings', { ...smtp(values), clearPassword: false, seenUpdatedAt }, as);
    await callOk('updateEmailSettings', { ...smtp(), clearPassword: false }, admin);
    const opened = await versionOf(SMTP_SETTINGS_PATH);
    // Two tabs opened on the same version; the other administrator saves first.
    expect(await save({ fromName: 'Prize Palace Mailroom' }, opened, other)).toMatchObject({
      ok: true,
    });
    const before = (await adminDb.doc(SMTP_SETTINGS_PATH).get()).data();
    const mine = { fromAddress: 'mail@prizepalace.example' };
    expect(await save(mine, opened, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: EMAIL_SETTINGS_MESSAGES.changedSinceOpened,
    });
    // A tab opened before anything was saved is just as late.
    expect(await save(mine, null, admin)).toMatchObject({
      message: EMAIL_SETTINGS_MESSAGES.changedSinceOpened,
    });
    expect((await adminDb.doc(SMTP_SETTINGS_PATH).get()).data()).toEqual(before);
    expect(before).toMatchObject({
      fromName: 'Prize Palace Mailroom',
      fromAddress: 'shop@prizepalace.example',
    });

    // Opened on the latest version, the save goes through, and the next one saves on its answer.
    const latest = { ...mine, fromName: 'Prize Palace Mailroom' };
    const first = await callOk(
      'updateEmailSettings',
      { ...smtp(latest), clearPassword: false, seenUpdatedAt: await versionOf(SMTP_SETTINGS_PATH) },
      admin,
    );
    expect(first.updatedAt).toBe(await versionOf(SMTP_SETTINGS_PATH));
    expect(
      await save({ ...latest, fromName: 'Prize Palace' }, first.updatedAt, admin),
    ).toMatchObject({ ok: true });
    expect((await adminDb.doc(SMTP_SETTINGS_PATH).get()).data()).toMatchObject({
      fromName: 'Prize Palace',
      fromAddress: 'mail@prizepalace.example',
    });
  });
});

describe('sendTestEmail', () => {
  it('asks for complete settings, then for an address', async () => {
    await adminDb.doc(SMTP_SECRET_PATH).delete();
    for (const incomplete of [
      smtp({ host: '', password: 'x' }),
      smtp({ user: '', password: 'x' }),
      smtp(),
    ]) {
      expect(await call('sendTestEmail', { to: 'a@example.com', smtp: incomplete }, admin)).toEqual(
        {
          ok: false,
          status: 'INVALID_ARGUMENT',
          message: 'Please fill in all SMTP settings before testing',
        },
      );
    }
    expect(await call('sendTestEmail', { to: ' ', smtp: smtp({ password: 'x' }) }, admin)).toEqual({
      ok: false,
      status: 'INVALID_ARGUMENT',
      message: 'Please enter a test email address',
    });
  });

  it('sends through unsaved settings, and the message arrives in MailDev', async () => {
    const to = uniqueEmail('smtp-test');
    const password = `typed-${Date.now()}`;
    const result = await callOk('sendTestEmail', { to, smtp: smtp({ password }) }, admin);
    expect(JSON.stringify(result)).not.toContain(password);
    const message = await messageTo(to);
    expect(message.subject).toBe('Test email from your shop');
    expect(message.from[0]).toMatchObject({
      address: 'shop@prizepalace.example',
      name: 'Prize Palace',
    });
    const [entry] = (await audit(SMTP_SETTINGS_PATH, 'settings.email.test')).filter(
      (e) => e.after?.to === to,
    );
    expect(entry?.after).toMatchObject({ sent: true, host: '127.0.0.1' });
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  it('uses the saved password when none is typed, for the saved server only', async () => {
    const { password: _none, ...server } = smtp();
    await adminDb
      .doc(SMTP_SETTINGS_PATH)
      .set({ ...server, hasPassword: true, updatedAt: new Date() });
    await adminDb.doc(SMTP_SECRET_PATH).set({ password: 'saved-one' });
    const to = uniqueEmail('smtp-saved');
    await callOk('sendTestEmail', { to, smtp: smtp() }, admin);
    await messageTo(to);

    // Another host, port or user: the saved password is not handed to it.
    const before = await auditCount();
    for (const elsewhere of [
      smtp({ host: 'smtp.attacker.example' }),
      smtp({ port: 2525 }),
      smtp({ user: 'someone-else' }),
    ]) {
      expect(await call('sendTestEmail', { to, smtp: elsewhere }, admin)).toEqual({
        ok: false,
        status: 'INVALID_ARGUMENT',
        message: TEST_EMAIL_MESSAGES.passwordForNewServer,
      });
    }
    expect(await auditCount()).toBe(before);
  });

  it("reports the server's refusal without the password", async () => {
    const to = uniqueEmail('smtp-fail');
    const password = `never-shown-${Date.now()}`;
    // Nothing listens on port 1 here: the connection is refused.
    const answer = await call('sendTestEmail', { to, smtp: smtp({ port: 1, password }) }, admin);
    expect(answer).toMatchObject({ ok: false, status: 'FAILED_PRECONDITION' });
    if (answer.ok) throw new Error('expected a refusal');
    expect(answer.message).toMatch(/^Failed to send test email: /);
    expect(answer.message).not.toContain(password);
    const [entry] = (await audit(SMTP_SETTINGS_PATH, 'settings.email.test')).filter(
      (e) => e.after?.to === to,
    );
    expect(entry?.after).toMatchObject({ failed: expect.any(String) });
  });
});

import { DEFAULT_SITE_SETTINGS } from './collections/settingsDefaults';
import { userSettingsSchema, DEFAULT_USER_SETTINGS } from './collections/users';
import { notificationSchema } from './collections/userData';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_INFO, wantsEmailFor, wantsPushFor } from './push';
import { webManifest } from './webManifest';

describe('notification channels', () => {
  it('sends every kind by push unless that kind is turned off', () => {
    for (const kind of NOTIFICATION_KINDS) {
      expect(wantsPushFor(undefined, kind)).toBe(true);
      expect(wantsPushFor(DEFAULT_USER_SETTINGS, kind)).toBe(true);
      expect(wantsPushFor({ notificationChannels: { [kind]: { push: false } } }, kind)).toBe(false);
    }
  });

  it('e-mails service messages always, never the in-app-only kinds, and the rest by choice', () => {
    const off = { emailNotifications: false };
    expect(wantsEmailFor(off, 'win')).toBe(true);
    expect(wantsEmailFor({ notificationChannels: { order: { email: false } } }, 'order')).toBe(
      true,
    );
    expect(wantsEmailFor(DEFAULT_USER_SETTINGS, 'endingSoon')).toBe(false);
    expect(wantsEmailFor(DEFAULT_USER_SETTINGS, 'draw')).toBe(true);
    expect(wantsEmailFor(off, 'draw')).toBe(false);
    expect(wantsEmailFor({ notificationChannels: { support: { email: false } } }, 'support')).toBe(
      false,
    );
    expect(wantsEmailFor({ notificationChannels: { support: { email: false } } }, 'draw')).toBe(
      true,
    );
  });

  it('reads a malformed choice as the default', () => {
    expect(wantsPushFor({ notificationChannels: 'all' }, 'win')).toBe(true);
    expect(wantsPushFor({ notificationChannels: { win: null } }, 'win')).toBe(true);
  });

  it('names every kind for the settings screen', () => {
    for (const kind of NOTIFICATION_KINDS) expect(NOTIFICATION_KIND_INFO[kind].label).toBeTruthy();
  });

  it('stores choices per kind in the preferences, and refuses unknown kinds', () => {
    const base = { ...DEFAULT_USER_SETTINGS };
    expect(
      userSettingsSchema.safeParse({ ...base, notificationChannels: { win: { push: false } } })
        .success,
    ).toBe(true);
    expect(
      userSettingsSchema.safeParse({ ...base, notificationChannels: { sms: { push: false } } })
        .success,
    ).toBe(false);
  });

  it('links a notification to a shop page, with one query parameter at most', () => {
    const notification = {
      type: 'raffle',
      title: 'Ending soon',
      message: 'Closes within a day',
      supportTicketId: null,
      isRead: false,
      createdAt: new Date(),
      kind: 'endingSoon',
    };
    const linked = (link: string) =>
      notificationSchema.safeParse({ ...notification, link }).success;
    expect(linked('/competitions?raffle=r-1')).toBe(true);
    expect(linked('/draws/r-1')).toBe(true);
    expect(linked('https://evil.example/')).toBe(false);
    expect(linked('//evil.example/')).toBe(false);
    expect(linked('//evil')).toBe(false);
    expect(linked('/competitions?raffle=1&next=https://evil.example')).toBe(false);
  });
});

describe('webManifest', () => {
  it('names and colours the installable shop from Site Settings', () => {
    const manifest = webManifest({
      ...DEFAULT_SITE_SETTINGS,
      siteName: 'Lucky Dip Prize Draws',
      themePrimaryColor: '#123456',
      themeBackgroundColor: '#fafafa',
    });
    expect(manifest).toMatchObject({
      name: 'Lucky Dip Prize Draws',
      short_name: 'Lucky Dip Pr',
      theme_color: '#123456',
      background_color: '#fafafa',
      start_url: '/',
      display: 'standalone',
    });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512', '512x512']);
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  });
});

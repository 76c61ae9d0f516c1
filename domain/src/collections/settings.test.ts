import {
  generalSettingsSchema,
  siteSettingsSchema,
  socialLinksSchema,
  socialSettingsSchema,
  themeSettingsSchema,
} from './settings';
import { DEFAULT_SITE_SETTINGS, DEFAULT_SOCIAL_SETTINGS } from './settingsDefaults';

const themeOf = (overrides: Record<string, unknown> = {}) => ({
  ...Object.fromEntries(
    Object.entries(DEFAULT_SITE_SETTINGS).filter(([key]) => key.startsWith('theme')),
  ),
  ...overrides,
});

const DEFAULT_SITE_SETTINGS_GENERAL = {
  siteName: DEFAULT_SITE_SETTINGS.siteName,
  siteDescription: DEFAULT_SITE_SETTINGS.siteDescription,
  contactEmail: DEFAULT_SITE_SETTINGS.contactEmail,
  supportPhone: DEFAULT_SITE_SETTINGS.supportPhone,
  address: DEFAULT_SITE_SETTINGS.address,
  legalName: '',
  companyNumber: '',
  registeredOffice: '',
  postalEntryAddress: '',
  maintenanceMode: false,
  registrationEnabled: true,
  allowGuestViews: true,
  refuseWrongAnswers: false,
};

describe('settings/site as the shop reads it', () => {
  it('has the shop’s defaults', () => {
    expect(DEFAULT_SITE_SETTINGS).toMatchObject({
      maintenanceMode: false,
      registrationEnabled: true,
      allowGuestViews: true,
      themePrimaryColor: '#0A1930',
      themeSecondaryColor: '#FFD700',
      themeTextColor: '#000000',
      themeBackgroundColor: '#f8f9fa',
      themeAccentColor: '#9333ea',
      themeFontFamily: 'system-ui',
      themeBorderRadius: '1rem',
      themeButtonStyle: 'rounded',
      themeCardStyle: 'shadow',
      themeLayoutWidth: 'container',
      themeNavbarStyle: 'fixed',
      themeFooterStyle: 'simple',
      themeCustomCss: '',
    });
  });

  it('reads a missing document as the defaults', () => {
    expect(siteSettingsSchema.parse({})).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('reads the first version’s values as their new names, and bad fields as defaults', () => {
    const read = siteSettingsSchema.parse({
      siteName: 'Old Shop',
      themeCardStyle: 'outlined',
      themeFooterStyle: 'detailed',
      themeFontFamily: 'Comic Sans MS',
      themePrimaryColor: 'red',
      themeCustomCss: 'body{}</style><script>alert(1)</script>',
    });
    expect(read).toMatchObject({
      siteName: 'Old Shop',
      themeCardStyle: 'border',
      themeFooterStyle: 'complex',
      themeFontFamily: 'system-ui',
      themePrimaryColor: '#0A1930',
      themeCustomCss: '',
      contactEmail: '',
    });
  });
});

describe('the Settings tabs’ schemas', () => {
  it('offer exactly the Appearance choices', () => {
    const shape = themeSettingsSchema.shape;
    expect(shape.themeButtonStyle.options).toEqual(['rounded', 'square', 'pill']);
    expect(shape.themeCardStyle.options).toEqual(['shadow', 'border', 'flat']);
    expect(shape.themeLayoutWidth.options).toEqual(['container', 'full', 'narrow']);
    expect(shape.themeNavbarStyle.options).toEqual(['fixed', 'static', 'transparent']);
    expect(shape.themeFooterStyle.options).toEqual(['simple', 'complex', 'minimal']);
    expect(shape.themeFontFamily.options).toEqual([
      'system-ui',
      'Arial',
      'Helvetica',
      'Georgia',
      'Roboto',
      'Open Sans',
    ]);
  });

  it('check colours, radius and unknown fields', () => {
    expect(themeSettingsSchema.safeParse(themeOf()).success).toBe(true);
    expect(themeSettingsSchema.safeParse(themeOf({ themeAccentColor: '#abcd' })).success).toBe(
      true,
    );
    expect(themeSettingsSchema.safeParse(themeOf({ themeAccentColor: '#abcde' })).success).toBe(
      false,
    );
    expect(themeSettingsSchema.safeParse(themeOf({ themeBorderRadius: '64px' })).success).toBe(
      true,
    );
    expect(themeSettingsSchema.safeParse(themeOf({ themeBorderRadius: '5rem' })).success).toBe(
      false,
    );
    expect(themeSettingsSchema.safeParse(themeOf({ themeCustomJs: 'alert(1)' })).success).toBe(
      false,
    );
  });

  it('trim the General fields and allow an empty contact e-mail', () => {
    const parsed = generalSettingsSchema.parse({
      ...DEFAULT_SITE_SETTINGS_GENERAL,
      siteName: '  Prize Palace ',
      contactEmail: '',
    });
    expect(parsed.siteName).toBe('Prize Palace');
    expect(
      generalSettingsSchema.safeParse({ ...DEFAULT_SITE_SETTINGS_GENERAL, supportPhone: 'call me' })
        .success,
    ).toBe(false);
  });

  it('take social links as https addresses, blank meaning not configured', () => {
    const blank = Object.fromEntries(Object.keys(DEFAULT_SOCIAL_SETTINGS).map((k) => [k, ' ']));
    expect(socialLinksSchema.parse(blank)).toEqual(DEFAULT_SOCIAL_SETTINGS);
    for (const link of [
      'javascript:alert(1)',
      'ftp://example.com',
      'example.com',
      'http://localhost',
    ]) {
      expect(socialLinksSchema.safeParse({ ...blank, youtube: link }).success).toBe(false);
    }
    expect(
      socialLinksSchema.parse({ ...blank, youtube: 'https://youtube.com/@shop' }).youtube,
    ).toBe('https://youtube.com/@shop');
  });

  it('read stored social links safely: unknown or unsafe ones become the placeholder', () => {
    expect(socialSettingsSchema.parse({ facebook: 'javascript:alert(1)' })).toEqual(
      DEFAULT_SOCIAL_SETTINGS,
    );
  });
});

import { DEFAULT_USER_SETTINGS, newUserProfile, splitDisplayName } from './users';

describe('new user profile', () => {
  it('lower-cases the e-mail and splits the display name', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    expect(newUserProfile('Jane.Smith@Example.com', 'Jane Anne Smith', now)).toMatchObject({
      email: 'jane.smith@example.com',
      firstName: 'Jane',
      lastName: 'Anne Smith',
      banned: false,
      username: null,
    });
  });

  it('copes with no display name', () => {
    expect(splitDisplayName(undefined)).toEqual({ firstName: null, lastName: null });
    expect(splitDisplayName('Cher')).toEqual({ firstName: 'Cher', lastName: null });
  });

  it('takes from a display name only what the profile form would take', () => {
    // Auth's own API sets any display name: hidden or reordering characters are left out.
    expect(splitDisplayName('\u202eAdmin Smith')).toEqual({ firstName: null, lastName: 'Smith' });
    expect(splitDisplayName('Jane \u200b')).toEqual({ firstName: 'Jane', lastName: null });
    expect(splitDisplayName('Jane \u0301\u0301')).toEqual({ firstName: 'Jane', lastName: null });
    // Cut to the limit at a whole character.
    const long = `${'a'.repeat(59)}😀`;
    expect(splitDisplayName(`Jane ${long}`)).toEqual({
      firstName: 'Jane',
      lastName: 'a'.repeat(59),
    });
    expect(splitDisplayName('Hana 𠮷田')).toEqual({ firstName: 'Hana', lastName: '𠮷田' });
  });

  it("has the shop's defaults for settings", () => {
    expect(DEFAULT_USER_SETTINGS).toEqual({
      twoFactorEnabled: false,
      emailNotifications: true,
      marketingEmails: false,
      language: 'en',
      timezone: 'UTC',
    });
  });
});

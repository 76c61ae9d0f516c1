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

  it('has the spec defaults for settings', () => {
    expect(DEFAULT_USER_SETTINGS).toEqual({
      twoFactorEnabled: false,
      emailNotifications: true,
      marketingEmails: false,
      language: 'en',
      timezone: 'UTC',
    });
  });
});

import {
  PASSWORD_MESSAGES,
  isAtLeastAge,
  isCalendarDate,
  isEmailIdentifier,
  latestBirthDateForAge,
  passwordSchema,
  safeRedirectPath,
  signUpInput,
} from './index';

describe('age on the UK calendar', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('gives the date picker maximum 18 years back', () => {
    expect(latestBirthDateForAge(now)).toBe('2008-03-01');
  });

  it('gives a real date on 29 February: that day 18 years back had none', () => {
    const leapDay = new Date('2028-02-29T12:00:00Z');
    expect(latestBirthDateForAge(leapDay)).toBe('2010-02-28');
    expect(isAtLeastAge('2010-02-28', leapDay)).toBe(true);
    expect(isAtLeastAge('2010-03-01', leapDay)).toBe(false);
    // 18 years before 29 February 2044 is 2026, which had no 29 February either.
    expect(latestBirthDateForAge(new Date('2044-02-29T12:00:00Z'))).toBe('2026-02-28');
  });

  it('counts an 18th birthday from the day itself, and 29 February from 1 March', () => {
    expect(isAtLeastAge('2008-03-01', now)).toBe(true);
    expect(isAtLeastAge('2008-03-02', now)).toBe(false);
    expect(isAtLeastAge('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(false);
    expect(isAtLeastAge('2008-02-29', now)).toBe(true);
  });

  it('uses UK time near midnight', () => {
    // 23:30 UTC on 31 May is already 1 June in London (BST).
    expect(latestBirthDateForAge(new Date('2026-05-31T23:30:00Z'))).toBe('2008-06-01');
  });

  it('recognises real calendar dates only', () => {
    expect(isCalendarDate('1990-02-28')).toBe(true);
    expect(isCalendarDate('1990-02-30')).toBe(false);
    expect(isCalendarDate('1990-2-3')).toBe(false);
  });
});

describe('passwordSchema', () => {
  it.each([
    ['Sh0rt!', PASSWORD_MESSAGES.tooShort],
    ['lower0!case', PASSWORD_MESSAGES.needsUppercase],
    ['UPPER0!CASE', PASSWORD_MESSAGES.needsLowercase],
    ['NoDigits!here', PASSWORD_MESSAGES.needsNumber],
    ['NoSpecial0here', PASSWORD_MESSAGES.needsSpecial],
  ])('refuses %s with its own message', (password, message) => {
    expect(passwordSchema.safeParse(password).error?.issues[0]?.message).toBe(message);
  });

  it('accepts a password that meets every rule', () => {
    expect(passwordSchema.safeParse('Good!pass1').success).toBe(true);
  });
});

describe('signUpInput', () => {
  const form = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: ' Ada@Example.COM ',
    phoneNumber: '+44 7700 900123',
    dateOfBirth: '1990-12-10',
    password: 'Good!pass1',
    confirmPassword: 'Good!pass1',
  };

  it('lower-cases the e-mail and drops spaces from the phone number', () => {
    expect(signUpInput.parse(form)).toMatchObject({
      email: 'ada@example.com',
      phoneNumber: '+447700900123',
    });
  });

  it('reports mismatched passwords even while another field is wrong', () => {
    const messages = signUpInput
      .safeParse({ ...form, firstName: '', confirmPassword: 'Other!pass1' })
      .error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(['Please enter your full name', PASSWORD_MESSAGES.mismatch]);
  });
});

describe('sign-in helpers', () => {
  it('tells e-mail addresses from usernames by the @', () => {
    expect(isEmailIdentifier('jane@example.com')).toBe(true);
    expect(isEmailIdentifier('janesmith')).toBe(false);
  });

  it('follows only same-site paths after sign-in', () => {
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath('checkout')).toBe('/checkout');
    expect(safeRedirectPath('/account/orders?page=2')).toBe('/account/orders?page=2');
    expect(safeRedirectPath('https://evil.example')).toBe('/');
    expect(safeRedirectPath('//evil.example')).toBe('/');
    expect(safeRedirectPath('/\\evil.example')).toBe('/');
    expect(safeRedirectPath('\\\\evil.example')).toBe('/');
    for (const control of ['\t', '\n', '\r', '\u0000']) {
      expect(safeRedirectPath(`/${control}/evil.example`)).toBe('/');
    }
    expect(safeRedirectPath('javascript:alert(1)')).toBe('/');
    expect(safeRedirectPath('/account/../..//evil.example')).toBe('/');
  });
});

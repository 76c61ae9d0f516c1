import {
  ALL_COOKIES,
  NECESSARY_COOKIES_ONLY,
  parseCookiePreferences,
  serializeCookiePreferences,
} from './cookies';

describe('cookie preferences in local storage', () => {
  it('reads stored choices', () => {
    expect(parseCookiePreferences('{"necessary":true,"analytics":true,"marketing":false}')).toEqual(
      { necessary: true, analytics: true, marketing: false },
    );
  });

  it('asks again when nothing is stored or the text is not JSON', () => {
    expect(parseCookiePreferences(null)).toBeNull();
    for (const bad of ['', 'yes', '{', 'undefined']) {
      expect(parseCookiePreferences(bad)).toBeNull();
    }
  });

  it('asks again when the stored value is not a full set of choices', () => {
    for (const bad of [
      'null',
      '[]',
      'true',
      '{}',
      '{"necessary":true,"analytics":true}',
      '{"necessary":false,"analytics":false,"marketing":false}',
      '{"necessary":true,"analytics":"yes","marketing":false}',
    ]) {
      expect(parseCookiePreferences(bad)).toBeNull();
    }
  });

  it('ignores keys it does not know', () => {
    expect(
      parseCookiePreferences('{"necessary":true,"analytics":false,"marketing":true,"extra":1}'),
    ).toEqual({ necessary: true, analytics: false, marketing: true });
  });

  it('writes exactly the three categories', () => {
    expect(serializeCookiePreferences(NECESSARY_COOKIES_ONLY)).toBe(
      '{"necessary":true,"analytics":false,"marketing":false}',
    );
    expect(serializeCookiePreferences(ALL_COOKIES)).toBe(
      '{"necessary":true,"analytics":true,"marketing":true}',
    );
  });

  it('reads back what it writes', () => {
    const choices = { necessary: true, analytics: false, marketing: true } as const;
    expect(parseCookiePreferences(serializeCookiePreferences(choices))).toEqual(choices);
  });
});

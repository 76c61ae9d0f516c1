/**
 * Cutting text without cutting a character in two. JavaScript strings count UTF-16 units, and
 * a character outside the Basic Multilingual Plane (an emoji, 𠮷, a mathematical letter) is two
 * of them; half of one is not text: Firestore refuses a write holding it (as invalid UTF-8), so
 * a name or a word cut there stops every write it is copied into.
 */

/** The characters (code points) of a text, each whole. */
export const characters = (text: string): string[] => Array.from(text);

/** The first character of a text, whole ('' for none). */
export const firstCharacter = (text: string): string => characters(text)[0] ?? '';

/** The characters of a text from `start` to before `end`, counted in characters. */
export const sliceCharacters = (text: string, start: number, end?: number): string =>
  characters(text).slice(start, end).join('');

/**
 * At most `max` UTF-16 units of a text (the unit its limits count): one fewer where the cut
 * would fall inside a character.
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  const splitsPair = max > 0 && code >= 0xd800 && code <= 0xdbff;
  return text.slice(0, splitsPair ? max - 1 : max);
}

/** Whether a text holds half a character (a lone surrogate), which no keyboard types. */
export const hasHalfCharacter = (text: string): boolean => /\p{Cs}/u.test(text);

export const HALF_CHARACTER_MESSAGE = 'Text must be made of whole characters';

/** Whether any text in a request (a value or a field's name, at any depth) holds half a character. */
export function holdsHalfCharacter(value: unknown): boolean {
  if (typeof value === 'string') return hasHalfCharacter(value);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, inner]) => hasHalfCharacter(key) || holdsHalfCharacter(inner),
  );
}

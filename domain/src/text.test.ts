import {
  characters,
  clipText,
  firstCharacter,
  hasHalfCharacter,
  holdsHalfCharacter,
  sliceCharacters,
} from './text';

// A character outside the Basic Multilingual Plane is two UTF-16 units.
const GRIN = '😀';
const YOSHI = '𠮷';

describe('cutting text at whole characters', () => {
  it('counts and slices characters, not UTF-16 units', () => {
    expect(characters(`${YOSHI}田`)).toEqual([YOSHI, '田']);
    expect(firstCharacter(`${GRIN}x`)).toBe(GRIN);
    expect(firstCharacter('')).toBe('');
    expect(sliceCharacters(`a${GRIN}b${YOSHI}`, 1, 3)).toBe(`${GRIN}b`);
  });

  it('clips to a number of units, one fewer where the cut would split a character', () => {
    expect(clipText('abcdef', 4)).toBe('abcd');
    expect(clipText('abc', 4)).toBe('abc');
    // 'abc' then the emoji's first half at the fourth unit: the emoji goes whole.
    expect(clipText(`abc${GRIN}`, 4)).toBe('abc');
    expect(clipText(`abc${GRIN}`, 5)).toBe(`abc${GRIN}`);
    expect(clipText(`${GRIN}${GRIN}`, 3)).toBe(GRIN);
    expect(hasHalfCharacter(clipText(`ab${YOSHI}`, 3))).toBe(false);
  });

  it('finds half a character anywhere in a request, values or field names', () => {
    const half = GRIN.slice(0, 1);
    expect(hasHalfCharacter(half)).toBe(true);
    expect(hasHalfCharacter(`${GRIN}${YOSHI}`)).toBe(false);
    expect(holdsHalfCharacter({ items: [{ name: `a${half}` }] })).toBe(true);
    expect(holdsHalfCharacter({ [`k${half}`]: 1 })).toBe(true);
    expect(holdsHalfCharacter({ items: [{ name: GRIN, quantity: 2 }], promo: null })).toBe(false);
  });
});

/**
 * Gaps a hostile client found in the rules beyond the role matrices, each kept as a case that
 * failed before its fix (see the comments in firestore.rules).
 */
import { doc, serverTimestamp, updateDoc } from 'firebase/firestore';
import { rulesSuite } from '../support/rules';

const suite = rulesSuite('rules-gaps', () => undefined);

const profileEdit = (changes: Record<string, unknown>) => ({
  ...changes,
  updatedAt: serverTimestamp(),
});

/** The owner writing one name of their profile straight to Firestore, past the callable. */
const setName =
  (field: 'firstName' | 'lastName', value: string): Parameters<typeof suite.check>[3] =>
  (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), profileEdit({ [field]: value }));

// Update Profile's schema trims a name with JavaScript's trim() (zod), which takes away every
// Unicode space; the rules' own trim() takes away ASCII ones only, so a name of no-break or
// other Unicode spaces passed them: a blank name written past the callable.
describe('users/{uid}: names that are blank in Unicode spaces', () => {
  for (const [what, blank] of [
    ['no-break spaces (U+00A0)', '\u00A0\u00A0'],
    ['an ideographic space (U+3000)', '\u3000'],
    ['an em space (U+2003)', '\u2003'],
    ['a byte-order mark (U+FEFF)', '\uFEFF'],
    ['a line separator (U+2028)', '\u2028'],
    ['a vertical tab and spaces', '\u000B  '],
  ] as const) {
    suite.check(`set a first name of only ${what}`, 'owner', false, setName('firstName', blank));
  }
  suite.check(
    'set a last name of only no-break spaces',
    'owner',
    false,
    setName('lastName', '\u00A0'),
  );
  // Controls: names with letters beyond ASCII, or a Unicode space between words, are names.
  suite.check(
    'set a first name with letters beyond ASCII',
    'owner',
    true,
    setName('firstName', 'Zoë'),
  );
  suite.check(
    'set a first name of two words with a no-break space',
    'owner',
    true,
    setName('firstName', 'Mary\u00A0Ann'),
  );
  suite.check('set a last name of a single letter', 'owner', true, setName('lastName', 'O'));
});

// The same schema refuses names with control, invisible or text-direction characters (the
// domain's visibleLine), since a name is shown to others: in the entry lists ("Jane S."), on the
// public winners and draws, and in the draw's notice to every other entrant. The rules checked
// only length and blankness, so such a name could be written past the callable; then names made
// of characters that show nothing, or broken by a line separator, still could be.
describe('users/{uid}: names with hidden characters', () => {
  for (const [what, value] of [
    ['a right-to-left override (U+202E)', 'Bob\u202Eeciffo tnemeganam'],
    ['a first-strong isolate (U+2068)', '\u2068Admin\u2069'],
    ['a line break', 'Bob\nWINNER'],
    ['a control character (BEL)', 'Bob\u0007'],
    ['a C1 control (U+0085)', 'Bob\u0085Smith'],
    ['a line separator (U+2028)', 'Bob\u2028WINNER'],
    ['an Arabic letter mark (U+061C)', '\u061CAdmin'],
    ['only a zero-width space (U+200B)', '\u200B'],
    ['only a right-to-left mark (U+200F)', '\u200F'],
    ['only a Hangul filler (U+3164)', '\u3164'],
    ['only a blank braille cell (U+2800)', '\u2800'],
    ['only a soft hyphen (U+00AD)', '\u00AD'],
    ['a combining grapheme joiner (U+034F)', 'Ann\u034F'],
    ['deprecated format characters (U+206A, U+206F)', '\u206A\u206F'],
    ['an interlinear annotation anchor (U+FFF9)', 'Bob\uFFF9'],
    ['a Khmer inherent vowel (U+17B4)', '\u17B4'],
    ['a Mongolian variation selector (U+180B)', '\u180B'],
    ['a musical beam format (U+1D173)', '\u{1D173}'],
    ['only a variation selector (U+FE0F)', '\uFE0F'],
    ['only tag characters (U+E0041 U+E0042)', '\u{E0041}\u{E0042}'],
    ['only a combining accent (U+0301)', '\u0301'],
    // Unassigned code points, which RE2 does not count as \pC (some default ignorable).
    ['only unassigned code points (U+FFF0, U+0378)', '\uFFF0\u0378'],
    ['only an unassigned tag-block code point (U+E0002)', '\u{E0002}'],
  ] as const) {
    suite.check(`set a first name with ${what}`, 'owner', false, setName('firstName', value));
  }
  suite.check(
    'set a last name starting with a right-to-left override',
    'owner',
    false,
    setName('lastName', '\u202EX'),
  );
  // Control: an emoji made with tag characters (the England flag) shows.
  suite.check(
    'set a first name with an England flag',
    'owner',
    true,
    setName('firstName', 'Ann 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}'),
  );
  // Control: a name written right to left is a name.
  suite.check('set a first name in Arabic script', 'owner', true, setName('firstName', 'ليلى'));
  // Persian names need the zero-width non-joiner: it stays allowed.
  suite.check(
    'set a first name with a zero-width non-joiner',
    'owner',
    true,
    setName('firstName', 'مهر\u200Cناز'),
  );
});

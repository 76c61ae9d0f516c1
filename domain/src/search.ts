/**
 * Search terms: Firestore has no substring search, so a document stores the terms it can be
 * found by and a search queries one of them with `array-contains`.
 */

import { characters, sliceCharacters } from './text';

/** The shortest piece of a word stored for search ("mac" and "book" find "MacBook"). */
export const SEARCH_PREFIX_MIN = 3;
const SEARCH_WORD_MAX = 40;

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => sliceCharacters(word, 0, SEARCH_WORD_MAX));
}

/**
 * Firestore has no substring search, so each order stores the terms it can be found by and
 * My Orders queries them with `array-contains`: the order number (lower-cased, whole and each
 * part between dashes), and every word of its item names and every part of the order number
 * with each piece of three letters or more inside it ("book" finds "MacBook"), lower-cased.
 * Whole words and parts come first, so the 200-term cap drops only the rarest pieces.
 */
export function orderSearchTerms(orderNumber: string, itemNames: string[]): string[] {
  const number = orderNumber.trim().toLowerCase();
  const parts = number.split('-').filter(Boolean);
  return searchTermsFor(number ? [number] : [], [...parts, ...itemNames.flatMap(words)]);
}

/**
 * A raffle's name as the console's raffle pickers search it (`raffleSearch/{id}`): its words
 * and every piece of three letters or more inside them, lower-cased ("book" finds "MacBook").
 */
export function raffleSearchTerms(name: string): string[] {
  return searchTermsFor([], words(name));
}

/**
 * What a raffle picker's text is matched by: its words, longest first (the query uses the
 * first; the others narrow what it returns).
 */
export function raffleQueryTerms(text: string): string[] {
  return [...new Set(words(text))].sort((a, b) => b.length - a.length);
}

/** The whole terms, the tokens, then every piece of each token, at most 200 in all. */
function searchTermsFor(whole: string[], tokens: string[]): string[] {
  const terms = new Set<string>([...whole, ...tokens]);
  for (const token of tokens) {
    // Counted in whole characters: a piece never ends inside one (𝐖, 𠮷, an emoji).
    const chars = characters(token);
    for (let start = 0; start + SEARCH_PREFIX_MIN <= chars.length; start += 1) {
      for (let end = start + SEARCH_PREFIX_MIN; end <= chars.length; end += 1) {
        terms.add(chars.slice(start, end).join(''));
      }
    }
  }
  return [...terms].slice(0, 200);
}

/**
 * What a search box's text is matched by: the whole text when it looks like an order number
 * ("RW-250101-ABC123"), otherwise its words, longest first. The query uses the first term; the
 * others narrow the page in the browser (Firestore allows one array-contains per query).
 */
export function searchTermsOf(text: string): string[] {
  const trimmed = text.trim().toLowerCase();
  if (!trimmed) return [];
  if (/^[a-z0-9]+(-[a-z0-9]+)+$/.test(trimmed)) return [trimmed];
  return [...new Set(words(trimmed))].sort((a, b) => b.length - a.length);
}

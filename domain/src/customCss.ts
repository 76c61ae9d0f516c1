import { formatCount } from './money';

/**
 * The Appearance tab's Custom CSS is shown on every shopper's page, so it is checked before
 * it is saved (by the callable) and again before the shop applies it (a stored value that
 * fails is ignored). CSS cannot run script in today's browsers, but it can leave its <style>
 * element if it contains "</style>", and it can send data elsewhere by loading URLs (an
 * attribute selector plus a remote background image leaks what it matches). So:
 * - no "<" at all (no HTML, no "</style>");
 * - no backslash escapes (they would let `@\69mport` or `u\72l(` slip past these checks);
 * - no @import, @charset or @namespace;
 * - url() only with a path on this site ("/images/…"), and no image-set() (it takes bare
 *   strings as URLs);
 * - none of the old script hooks (expression(), javascript:, behavior, -moz-binding);
 * - balanced braces, brackets, parentheses and quotes, and closed comments, so a rule cannot
 *   swallow what follows.
 * The shop injects it as the text of its own <style> element, on shop pages only: the
 * admin console never applies it, so a broken stylesheet cannot lock administrators out of
 * the page that fixes it.
 */
export const CUSTOM_CSS_MAX_LENGTH = 20_000;

export const CUSTOM_CSS_MESSAGES = {
  tooLong: `Custom CSS must be at most ${formatCount(CUSTOM_CSS_MAX_LENGTH)} characters`,
  html: 'Custom CSS cannot contain "<" (no HTML tags or </style>)',
  escapes: 'Custom CSS cannot contain backslash escapes',
  atRules: 'Custom CSS cannot use @import, @charset or @namespace',
  remote: 'Custom CSS can only load files from this site, such as url(/images/banner.png)',
  script: 'Custom CSS cannot contain expression(), javascript:, behavior or -moz-binding',
  unbalanced: 'Custom CSS has an unclosed comment, string, brace, bracket or parenthesis',
} as const;

const OPENERS: Record<string, string> = { '{': '}', '[': ']', '(': ')' };
const CLOSERS = new Set(Object.values(OPENERS));

const UNQUOTED_URL = /url\(\s*(?=[^\s"'])/iy;
const IDENT_CHAR = /[-\w\u0080-\uffff]/;

/** The CSS without comments, as the browser reads it, or null if unbalanced. */
function structure(css: string): string | null {
  let out = '';
  const stack: string[] = [];
  let i = 0;
  while (i < css.length) {
    const char = css[i]!;
    // An unquoted url( … ) is one token up to its ")": a "/*" in it is part of the address, not
    // a comment (which would hide the rules after it from these checks but not the browser).
    UNQUOTED_URL.lastIndex = i;
    const url = UNQUOTED_URL.exec(css);
    if (url && !IDENT_CHAR.test(css[i - 1] ?? '')) {
      const end = css.indexOf(')', i + url[0].length);
      if (end < 0) return null;
      out += css.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    if (char === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      if (end < 0) return null;
      out += ' ';
      i = end + 2;
      continue;
    }
    if (char === '"' || char === "'") {
      const end = css.indexOf(char, i + 1);
      const newline = css.slice(i + 1, end < 0 ? undefined : end).search(/[\r\n]/);
      if (end < 0 || newline >= 0) return null;
      out += char + css.slice(i + 1, end) + char;
      i = end + 1;
      continue;
    }
    if (OPENERS[char]) stack.push(OPENERS[char]);
    else if (CLOSERS.has(char) && stack.pop() !== char) return null;
    out += char;
    i += 1;
  }
  return stack.length === 0 ? out : null;
}

const SCRIPT_HOOKS = /expression\s*\(|javascript\s*:|behavior\s*:|-moz-binding/;
const URL_ARGUMENT = /url\(\s*(['"]?)(.*?)\1\s*\)/gi;
const SAME_SITE_PATH = /^\/(?!\/)[^\s"'()]*$/;

/** The first reason this Custom CSS may not be used, or null when it is acceptable. */
export function customCssProblem(css: string): string | null {
  if (css.length > CUSTOM_CSS_MAX_LENGTH) return CUSTOM_CSS_MESSAGES.tooLong;
  if (css.includes('<')) return CUSTOM_CSS_MESSAGES.html;
  if (css.includes('\\')) return CUSTOM_CSS_MESSAGES.escapes;
  // Checked as written too, comments included: `url(javascript:alert(1))` is unbalanced as the
  // browser reads it, and this says why it is refused.
  if (SCRIPT_HOOKS.test(css.toLowerCase())) return CUSTOM_CSS_MESSAGES.script;
  const code = structure(css);
  if (code === null) return CUSTOM_CSS_MESSAGES.unbalanced;
  const lower = code.toLowerCase();
  if (/@(import|charset|namespace)\b/.test(lower)) return CUSTOM_CSS_MESSAGES.atRules;
  if (/image-set\s*\(|(^|[^-\w])image\s*\(|cross-fade\s*\(|element\s*\(/.test(lower)) {
    return CUSTOM_CSS_MESSAGES.remote;
  }
  const urls = [...code.matchAll(URL_ARGUMENT)];
  const urlCalls = lower.match(/url\s*\(/g)?.length ?? 0;
  if (urls.length !== urlCalls) return CUSTOM_CSS_MESSAGES.remote;
  if (urls.some(([, , target = '']) => !SAME_SITE_PATH.test(target.trim()))) {
    return CUSTOM_CSS_MESSAGES.remote;
  }
  return null;
}

/** Whether the shop may apply this Custom CSS. */
export function isSafeCustomCss(css: string): boolean {
  return customCssProblem(css) === null;
}

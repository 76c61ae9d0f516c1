/**
 * The in-process suites' time per test and per hook (jest.config.js says why): 30 s, where a
 * file asks for no other with jest.setTimeout.
 */
jest.setTimeout(30_000);

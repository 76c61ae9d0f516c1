export const RE2JS = {
  compile(): never {
    throw new Error('Regular-expression pipeline functions are not used by this app');
  },
};

import { createHash } from 'node:crypto';

/** SHA-256 of `text`, hex: how codes, keys and tokens are kept or named without themselves. */
export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

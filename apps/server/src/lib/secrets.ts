import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** One-time codes and tokens: generated here, stored only as hashes. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const safeEqual = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export const randomDigits = (length: number): string =>
  Array.from({ length }, () => randomInt(0, 10).toString()).join('');

/** Letters and digits without look-alikes (0/O, 1/I/L), for codes a person types from an e-mail. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const randomCode = (length: number): string =>
  Array.from({ length }, () => CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)]).join('');

export const randomToken = (): string => randomBytes(32).toString('base64url');

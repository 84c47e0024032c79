import { z } from 'zod';

/** A naira amount in a request: a finite number with at most 2 decimals. */
export const naira = z
  .number()
  .finite()
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { message: 'must have at most 2 decimals' });

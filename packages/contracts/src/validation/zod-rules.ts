import { z } from 'zod';
import { ruleMessages } from './rules.js';

/** Zod building blocks that fail with the messages of spec 000 §5, so server and forms agree. */

/** PostgreSQL text cannot hold U+0000 (a NUL byte): refused on the way in, naming the field. */
export const nulMessage = (field: string) => `${field} cannot contain the character U+0000.`;

/**
 * The string every input reads: any text, but never a NUL byte. Build every string field of a
 * request body, query or path on it (or on a rule below, which does), never on a bare z.string().
 */
export const inputString = (field: string, error = `${field} should be string`) =>
  z.string({ error }).refine((s) => !s.includes('\u0000'), nulMessage(field));

export const requiredText = (field: string, max = 200) =>
  inputString(field, ruleMessages.generic_required(field))
    .trim()
    .min(1, ruleMessages.generic_required(field))
    .max(max, ruleMessages.minmax(field, 1, max));

export const optionalText = (field: string, max = 500) =>
  inputString(field)
    .trim()
    .max(max, ruleMessages.minmax(field, 0, max))
    .optional();

export const email = (field = 'email') =>
  z
    .string({ error: ruleMessages.generic_required(field) })
    .trim()
    .toLowerCase()
    .min(1, ruleMessages.generic_required(field))
    .max(254, ruleMessages.minmax(field, 3, 254))
    .pipe(z.email({ error: `The ${field} field must be a valid email.` }));

/** Password policy: 8 to 64 characters with a number, an uppercase, a lowercase and a special character. */
export const password = (field = 'password') =>
  inputString(field, ruleMessages.generic_required(field))
    .min(8, ruleMessages.minmax(field, 8, 64))
    .max(64, ruleMessages.minmax(field, 8, 64))
    .regex(/\d/, ruleMessages.atleastonenumber(field))
    .regex(/[A-Z]/, ruleMessages.atleastoneuppercase(field))
    .regex(/[a-z]/, ruleMessages.atleastonelowercase(field))
    .regex(/[^A-Za-z0-9\s]/, ruleMessages.atleastonespecialcharacter(field));

/** Nigerian phone numbers: 11 local digits (080...) or +234 followed by 10 digits. */
export const phone = (field = 'phone') =>
  inputString(field, ruleMessages.generic_required(field))
    .trim()
    .regex(/^(\+234\d{10}|0\d{10})$/, `The ${field} field must be a valid phone number, e.g. 08012345678.`);

export const exactLength = (field: string, length: number) =>
  inputString(field, ruleMessages.generic_required(field)).length(
    length,
    ruleMessages.exactLength(field, length),
  );

export const onlyNumbers = (field: string) =>
  z.string({ error: ruleMessages.generic_required(field) }).regex(/^\d+$/, ruleMessages.onlynumbers(field));

export const id = (field = 'id') => z.uuid({ error: `The ${field} must be a valid id.` });

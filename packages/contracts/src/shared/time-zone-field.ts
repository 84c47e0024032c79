import { z } from 'zod';
import { isTimeZone } from './time-zone.js';

/** A business's time zone in a request: a known IANA name. */
export const timeZoneField = z
  .string({ error: 'timezone should be string' })
  .trim()
  .max(64, 'timezone is not a time zone like Africa/Lagos')
  .refine((v) => v !== '' && isTimeZone(v), 'timezone is not a time zone like Africa/Lagos');

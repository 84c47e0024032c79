import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { loginBody } from '@ms/contracts';
import { EMAIL_PATTERN, validateLogin } from './login-validation';

const schema = loginBody.pick({ email: true, password: true });

/** What the zod schema says: the parsed values, or the first message per field. */
const reference = (values: Record<string, unknown>) => {
  const result = schema.safeParse(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { values: null, errors };
};

const emails = [
  '',
  '   ',
  'a',
  'ab',
  'not-an-email',
  'admin@demo.ng',
  '  Admin@Demo.NG ',
  'a.b+c@d-e.co.uk',
  "o'neil@x.io",
  'a..b@x.io',
  '.a@x.io',
  'a.@x.io',
  'a@x',
  'a@-x.io',
  'a@x.i',
  'a b@x.io',
  'ünï@x.io',
  `${'a'.repeat(250)}@x.io`,
  `${'a'.repeat(244)}@x.io`,
];
const passwords = ['', ' ', 'p', 'Demo@1234', ' spaced ', 'x'.repeat(128), 'x'.repeat(129)];

describe('validateLogin', () => {
  it('agrees with the contracts loginBody schema: values and messages', () => {
    for (const email of emails)
      for (const password of passwords) {
        const values = { email, password };
        expect(validateLogin(values), JSON.stringify(values)).toEqual(reference(values));
      }
  });

  it('treats non-strings as the schema does', () => {
    for (const values of [{}, { email: undefined, password: null }, { email: 5, password: 7 }])
      expect(validateLogin(values)).toEqual(reference(values));
  });

  it('uses the e-mail pattern of zod', () => {
    // Ours drops zod's needless escapes of a trailing '-' in character classes.
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source.replaceAll('\\-', '-'));
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });
});

import { ruleMessages } from '@ms/contracts';

/**
 * The login form's checks, without zod or react-hook-form so /login downloads neither (~28 kB
 * gzipped): the same rules, order and messages as the contracts' `loginBody` (e-mail trimmed and in
 * lower case, first failing rule per field). login-validation.test.ts holds the two side by side.
 */
export type LoginValues = { email: string; password: string };
export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/** zod's `z.email()` pattern (zod/v4/core regexes.email), which the contracts' `email()` uses. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

const checkEmail = (value: unknown): { value: string } | { error: string } => {
  if (typeof value !== 'string') return { error: ruleMessages.generic_required('email') };
  const email = value.trim().toLowerCase();
  if (email.length < 1) return { error: ruleMessages.generic_required('email') };
  if (email.length > 254) return { error: ruleMessages.minmax('email', 3, 254) };
  if (!EMAIL_PATTERN.test(email)) return { error: 'The email field must be a valid email.' };
  return { value: email };
};

const checkPassword = (value: unknown): { value: string } | { error: string } => {
  // loginBody gives every password issue the "required" message, the 128 limit included.
  if (typeof value !== 'string' || value.length < 1 || value.length > 128)
    return { error: ruleMessages.generic_required('password') };
  return { value };
};

/** The values to send (e-mail normalised), or a message per failing field. */
export const validateLogin = (
  values: Record<string, unknown>,
): { values: LoginValues; errors: LoginErrors } | { values: null; errors: LoginErrors } => {
  const email = checkEmail(values.email);
  const password = checkPassword(values.password);
  if ('value' in email && 'value' in password)
    return { values: { email: email.value, password: password.value }, errors: {} };
  const errors: LoginErrors = {};
  if ('error' in email) errors.email = email.error;
  if ('error' in password) errors.password = password.error;
  return { values: null, errors };
};

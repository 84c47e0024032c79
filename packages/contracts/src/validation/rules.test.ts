import { describe, expect, it } from 'vitest';
import { ruleMessages, rules } from './rules.js';
import { email, exactLength, password, phone } from './zod-rules.js';

describe('form rules of spec 000 §5', () => {
  it('generic_required refuses empty, null and undefined', () => {
    for (const v of ['', '   ', null, undefined, []])
      expect(rules.generic_required(v, 'name')).toBe('The name field is required.');
    expect(rules.generic_required('x', 'name')).toBe(true);
    expect(rules.generic_required(0, 'qty')).toBe(true);
  });

  it('positive accepts zero and refuses negatives with its exact message', () => {
    expect(rules.positive(0, 'price')).toBe(true);
    expect(rules.positive('12.5', 'price')).toBe(true);
    expect(rules.positive(-1, 'price')).toBe('This price must be a positive number.');
    expect(rules.positive('abc', 'price')).toBe('This price must be a positive number.');
  });

  it('greaterthanzero refuses zero', () => {
    expect(rules.greaterthanzero(0, 'quantity')).toBe('The quantity field must be a positive number.');
    expect(rules.greaterthanzero(0.01, 'quantity')).toBe(true);
  });

  it('onlynumbers accepts digits only', () => {
    expect(rules.onlynumbers('0803', 'phone')).toBe(true);
    expect(rules.onlynumbers('08a3', 'phone')).toBe('The phone accepts only numbers.');
    expect(rules.onlynumbers('-1', 'phone')).toBe('The phone accepts only numbers.');
  });

  it('the atleastone rules use the spec wording', () => {
    expect(rules.atleastonenumber('abc', 'password')).toBe(
      'The password field must have atleast one number.',
    );
    expect(rules.atleastoneuppercase('abc1', 'password')).toBe(
      'The password field must have atleast one uppercase letter.',
    );
    expect(rules.atleastonelowercase('ABC1', 'password')).toBe(
      'The password field must have atleast one lowercase letter.',
    );
    expect(rules.atleastonespecialcharacter('Abc1', 'password')).toBe(
      'The password field must have atleast one special character.',
    );
    expect(rules.atleastonenumber('a1', 'password')).toBe(true);
    expect(rules.atleastoneuppercase('aB', 'password')).toBe(true);
    expect(rules.atleastonelowercase('Ab', 'password')).toBe(true);
    expect(rules.atleastonespecialcharacter('a!', 'password')).toBe(true);
  });

  it('minmax measures strings by length and numbers by value', () => {
    expect(rules.minmax('abc', 'name', 2, 5)).toBe(true);
    expect(rules.minmax('a', 'name', 2, 5)).toBe('The name field must be between 2 and 5.');
    expect(rules.minmax(7, 'age', 1, 5)).toBe('The age field must be between 1 and 5.');
  });

  it('exactLength and customerbirthday', () => {
    expect(rules.exactLength('ABCD', 'otp', 4)).toBe(true);
    expect(rules.exactLength('ABC', 'otp', 4)).toBe('The otp must be exactly 4 characters long.');
    expect(rules.customerbirthday()).toBe(true);
    expect(ruleMessages.exactLength('pin', 4)).toBe('The pin must be exactly 4 characters long.');
  });
});

describe('zod rules share the messages', () => {
  const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.error?.issues[0]?.message;

  it('password reports the first missing kind of character', () => {
    expect(first(password().safeParse('short'))).toBe('The password field must be between 8 and 64.');
    expect(first(password().safeParse('alllowercase1!'))).toBe(
      'The password field must have atleast one uppercase letter.',
    );
    expect(first(password().safeParse('NoDigits!!'))).toBe(
      'The password field must have atleast one number.',
    );
    expect(password().safeParse('Sup3r$ecret').success).toBe(true);
  });

  it('email is trimmed and lower-cased', () => {
    expect(email().parse('  Ada@Example.NG ')).toBe('ada@example.ng');
    expect(first(email().safeParse('not-an-email'))).toBe('The email field must be a valid email.');
  });

  it('phone accepts Nigerian numbers', () => {
    expect(phone().safeParse('08012345678').success).toBe(true);
    expect(phone().safeParse('+2348012345678').success).toBe(true);
    expect(phone().safeParse('12345').success).toBe(false);
  });

  it('exactLength for the device OTP', () => {
    expect(first(exactLength('otp', 4).safeParse('ABCDE'))).toBe(
      'The otp must be exactly 4 characters long.',
    );
  });
});

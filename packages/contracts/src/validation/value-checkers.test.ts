import { describe, expect, it } from 'vitest';
import { checkArray, checkBoolean, checkNumeric, checkObject, checkString } from './value-checkers.js';

describe('value checkers of spec 000 §5', () => {
  it('throw the spec messages', () => {
    expect(() => checkString(1, 'name')).toThrow('name should be string');
    expect(() => checkArray('x', 'items')).toThrow('items should be an array');
    expect(() => checkObject([], 'address')).toThrow('address should be an object');
    expect(() => checkNumeric('abc', 'price')).toThrow('price should be an numeric');
    expect(() => checkBoolean('true', 'active')).toThrow('active should be boolean');
  });
  it('return the value when it fits', () => {
    expect(checkString('a', 'n')).toBe('a');
    expect(checkArray([1], 'n')).toEqual([1]);
    expect(checkNumeric('12.5', 'n')).toBe(12.5);
    expect(checkBoolean(false, 'n')).toBe(false);
  });
});

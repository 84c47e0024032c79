import { describe, expect, it } from 'vitest';
import { buildQuery, withQuery } from './query-string.js';

describe('query builder', () => {
  it('drops empty values but keeps numbers including zero', () => {
    expect(buildQuery({ a: '', b: 0, c: null, d: undefined, e: 'x', f: false })).toBe('b=0&e=x&f=false');
  });
  it('repeats array keys and skips empty items', () => {
    expect(buildQuery({ productType: ['simple', '', 'variable'] })).toBe(
      'productType=simple&productType=variable',
    );
  });
  it('appends to a path', () => {
    expect(withQuery('/v1/x', { page: 1 })).toBe('/v1/x?page=1');
    expect(withQuery('/v1/x?a=1', { page: 0 })).toBe('/v1/x?a=1&page=0');
    expect(withQuery('/v1/x', { q: '' })).toBe('/v1/x');
  });
});

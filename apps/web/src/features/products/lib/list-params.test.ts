import { describe, expect, it } from 'vitest';
import { activeFilterCount, readListParams, writeListParams } from './list-params';

describe('products list address', () => {
  it('keeps search, filters and page across a reload, writing only what differs from the defaults', () => {
    const params = readListParams(
      new URLSearchParams('search=milk&type=simple&type=service&stock=low&page=3'),
    );
    expect(params).toMatchObject({
      search: 'milk',
      productType: ['simple', 'service'],
      stock: 'low',
      page: 3,
      sort: 'name',
    });
    expect(writeListParams(params).toString()).toBe('search=milk&type=simple&type=service&stock=low&page=3');
    expect(writeListParams(readListParams(new URLSearchParams())).toString()).toBe('');
    expect(activeFilterCount(params)).toBe(2);
  });

  it('ignores values a hand-edited address could hold', () => {
    const params = readListParams(new URLSearchParams('type=gadget&stock=plenty&sort=random&page=-2'));
    expect(params).toMatchObject({ productType: [], stock: null, sort: 'name', page: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import { countDifference, countScreen, countTotals, pendingEntries } from './count-math';

describe('countDifference', () => {
  it('is counted minus expected, and null until counted', () => {
    expect(countDifference({ expected: 10, counted: 7 })).toBe(-3);
    expect(countDifference({ expected: 10, counted: 12 })).toBe(2);
    expect(countDifference({ expected: 4, counted: 4 })).toBe(0);
    expect(countDifference({ expected: 4, counted: null })).toBeNull();
  });

  it('treats a negative expected (oversold) as a shortfall to make up', () => {
    expect(countDifference({ expected: -2, counted: 0 })).toBe(2);
  });
});

describe('countTotals', () => {
  it('adds up units over and short and ignores items not counted', () => {
    const totals = countTotals([
      { expected: 10, counted: 7 },
      { expected: 5, counted: 8 },
      { expected: 3, counted: 3 },
      { expected: 9, counted: null },
    ]);
    expect(totals).toEqual({
      items: 4,
      counted: 3,
      uncounted: 1,
      differing: 2,
      unitsOver: 3,
      unitsShort: 3,
      net: 0,
    });
  });

  it('counts a zero found on the shelf as counted (not as missing data)', () => {
    expect(countTotals([{ expected: 6, counted: 0 }])).toMatchObject({ counted: 1, unitsShort: 6, net: -6 });
  });
});

describe('pendingEntries', () => {
  const items = [
    { item_id: 'a', counted: null },
    { item_id: 'b', counted: 4 },
  ];
  it('sends only what changed, including a cleared box as null', () => {
    const typed = new Map<string, number | null>([
      ['a', 3],
      ['b', 4],
    ]);
    expect(pendingEntries(items, typed)).toEqual([{ item_id: 'a', counted: 3 }]);
    expect(pendingEntries(items, new Map([['b', null]]))).toEqual([{ item_id: 'b', counted: null }]);
  });

  it('keeps entries typed on another page of the count', () => {
    expect(pendingEntries(items, new Map([['z', 0]]))).toEqual([{ item_id: 'z', counted: 0 }]);
  });
});

describe('countScreen', () => {
  it('opens counting, review or the result by state', () => {
    expect(countScreen('in_progress')).toBe('submit');
    expect(countScreen('submitted')).toBe('accept');
    expect(countScreen('completed')).toBe('completed');
    expect(countScreen('cancelled')).toBe('completed');
  });
});

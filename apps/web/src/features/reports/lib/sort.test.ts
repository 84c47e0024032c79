import { describe, expect, it } from 'vitest';
import { csvFileName, nextSort, shortLabel, sortRows } from './sort';

type Row = { name: string; net: number | null };
const rows: Row[] = [
  { name: 'rice 10kg', net: 2000 },
  { name: 'Beans', net: null },
  { name: 'rice 2kg', net: 500 },
  { name: 'Garri', net: 12000 },
];
const get = (r: Row, k: 'name' | 'net') => r[k];

describe('report sorting', () => {
  it('sorts numbers by value both ways, empty values last', () => {
    expect(sortRows(rows, { key: 'net', dir: 'desc' }, get).map((r) => r.name)).toEqual([
      'Garri',
      'rice 10kg',
      'rice 2kg',
      'Beans',
    ]);
    expect(sortRows(rows, { key: 'net', dir: 'asc' }, get).map((r) => r.name)).toEqual([
      'rice 2kg',
      'rice 10kg',
      'Garri',
      'Beans',
    ]);
  });

  it('sorts text ignoring case, numbers inside names in number order', () => {
    expect(sortRows(rows, { key: 'name', dir: 'asc' }, get).map((r) => r.name)).toEqual([
      'Beans',
      'Garri',
      'rice 2kg',
      'rice 10kg',
    ]);
  });

  it('starts a number column descending, a text column ascending, and flips on a second click', () => {
    expect(nextSort({ key: 'name', dir: 'asc' }, 'net', true)).toEqual({ key: 'net', dir: 'desc' });
    expect(nextSort({ key: 'net', dir: 'desc' }, 'name', false)).toEqual({ key: 'name', dir: 'asc' });
    expect(nextSort({ key: 'net', dir: 'desc' }, 'net', true)).toEqual({ key: 'net', dir: 'asc' });
  });

  it('names CSV files after the report and its days, and shortens chart labels', () => {
    expect(csvFileName('sales-by-product', '2025-03-01', '2025-03-07')).toBe(
      'sales-by-product_2025-03-01_2025-03-07.csv',
    );
    expect(shortLabel('Golden Penny Semovita 10kg', 12)).toBe('Golden Penn…');
    expect(shortLabel('Rice')).toBe('Rice');
  });
});

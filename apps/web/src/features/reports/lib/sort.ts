/** Sorting of report tables: numbers by value, text by the shop owner's alphabet; empty last. */
export type SortDir = 'asc' | 'desc';
export type SortState<K extends string> = { key: K; dir: SortDir };

export const compareValues = (a: unknown, b: unknown): number => {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { sensitivity: 'base', numeric: true });
};

/** A sorted copy; empty values stay last whichever the direction. */
export const sortRows = <T, K extends string>(
  rows: readonly T[],
  sort: SortState<K>,
  get: (row: T, key: K) => unknown,
): T[] =>
  [...rows].sort((x, y) => {
    const a = get(x, sort.key);
    const b = get(y, sort.key);
    const emptyA = a === null || a === undefined || a === '';
    const emptyB = b === null || b === undefined || b === '';
    if (emptyA || emptyB) return compareValues(a, b);
    const c = compareValues(a, b);
    return sort.dir === 'asc' ? c : -c;
  });

/** Clicking a column: a new column starts descending for numbers, ascending for text; again flips. */
export const nextSort = <K extends string>(current: SortState<K>, key: K, numeric: boolean): SortState<K> =>
  current.key === key
    ? { key, dir: current.dir === 'asc' ? 'desc' : 'asc' }
    : { key, dir: numeric ? 'desc' : 'asc' };

/** The CSV file name of a report: `sales-by-product_2025-03-01_2025-03-07.csv`. */
export const csvFileName = (report: string, startdate: string, enddate: string): string =>
  `${report}_${startdate}_${enddate}.csv`;

/** Chart label that fits a phone: long names are cut with an ellipsis. */
export const shortLabel = (name: string, max = 16): string =>
  name.length <= max ? name : `${name.slice(0, max - 1).trimEnd()}…`;

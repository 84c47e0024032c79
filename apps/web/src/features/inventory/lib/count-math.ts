import type { CountStatus } from '@ms/contracts';

type Entry = { expected: number; counted: number | null };

/** counted − expected: positive when more was found than expected; null until counted. */
export const countDifference = (item: Entry): number | null =>
  item.counted === null ? null : item.counted - item.expected;

export type CountTotals = {
  items: number;
  counted: number;
  uncounted: number;
  /** Counted items whose count differs from expected. */
  differing: number;
  /** Units found above expected (sum of positive differences). */
  unitsOver: number;
  /** Units missing (sum of negative differences, as a positive number). */
  unitsShort: number;
  /** unitsOver − unitsShort. */
  net: number;
};

/** Totals of the items on screen; uncounted items change nothing. */
export const countTotals = (items: readonly Entry[]): CountTotals => {
  let counted = 0;
  let differing = 0;
  let unitsOver = 0;
  let unitsShort = 0;
  for (const item of items) {
    const diff = countDifference(item);
    if (diff === null) continue;
    counted += 1;
    if (diff !== 0) differing += 1;
    if (diff > 0) unitsOver += diff;
    else unitsShort -= diff;
  }
  return {
    items: items.length,
    counted,
    uncounted: items.length - counted,
    differing,
    unitsOver,
    unitsShort,
    net: unitsOver - unitsShort,
  };
};

/**
 * The PUT body's items for what was typed on the submit screen: every edited entry whose value
 * differs from what the server holds (a cleared box is `counted: null`).
 */
export const pendingEntries = (
  items: readonly { item_id: string; counted: number | null }[],
  typed: ReadonlyMap<string, number | null>,
): { item_id: string; counted: number | null }[] => {
  const saved = new Map(items.map((i) => [i.item_id, i.counted]));
  return [...typed]
    .filter(([itemId, value]) => !saved.has(itemId) || saved.get(itemId) !== value)
    .map(([item_id, counted]) => ({ item_id, counted }));
};

/** The screen a count opens on, by its state. */
export const countScreen = (status: CountStatus): 'submit' | 'accept' | 'completed' =>
  status === 'in_progress' ? 'submit' : status === 'submitted' ? 'accept' : 'completed';

export const COUNT_STATUS_COLORS: Record<CountStatus, string> = {
  in_progress: 'blue',
  submitted: 'grape',
  completed: 'teal',
  cancelled: 'gray',
};

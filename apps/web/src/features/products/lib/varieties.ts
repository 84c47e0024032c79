/**
 * The variety grid of a product with variants: its options (Size: S, M; Colour: Red, Blue) give
 * one variety per combination (S / Red, S / Blue, M / Red, M / Blue). When the options change the
 * grid is rebuilt, keeping what the merchant already typed for the combinations that remain.
 */

export type OptionDraft = { name: string; values: string[] };

/** A number input's value: '' while empty. */
export type NumberField = number | '';

export type StoreStockDraft = { store_id: string; stock: NumberField };

export type VarietyRow = {
  /** Stable key of the combination (see varietyKey); React key and match key. */
  key: string;
  /** Set for a variety that exists on the server (edit). */
  _id?: string;
  option_values: Record<string, string>;
  sku: string;
  barcode: string;
  cost_price: NumberField;
  selling_price: NumberField;
  /** Opening stock per store; only sent for a new variety. */
  store_stock: StoreStockDraft[];
  /** Current stock of an existing variety (read-only on the edit screen). */
  stock?: number;
};

export const MAX_OPTIONS = 3;
export const MAX_VARIETIES = 250;

const norm = (s: string) => s.trim().toLowerCase();

/** Options with a name and at least one value; names and values trimmed, repeats dropped. */
export const cleanOptions = (options: readonly OptionDraft[]): OptionDraft[] => {
  const seenNames = new Set<string>();
  const out: OptionDraft[] = [];
  for (const o of options) {
    const name = o.name.trim();
    if (!name || seenNames.has(norm(name))) continue;
    const seen = new Set<string>();
    const values: string[] = [];
    for (const v of o.values) {
      const value = v.trim();
      if (!value || seen.has(norm(value))) continue;
      seen.add(norm(value));
      values.push(value);
    }
    if (values.length === 0) continue;
    seenNames.add(norm(name));
    out.push({ name, values });
  }
  return out;
};

/** Same key whatever the order or letter case of the options: "colour=red|size=s". */
export const varietyKey = (optionValues: Record<string, string>): string =>
  Object.entries(optionValues)
    .map(([name, value]) => `${norm(name)}=${norm(value)}`)
    .sort()
    .join('|');

/** "S / Red": the values in the order of the options. */
export const varietyName = (
  optionValues: Record<string, string>,
  options?: readonly OptionDraft[],
): string => {
  if (!options) return Object.values(optionValues).join(' / ');
  const ordered = options.map((o) => optionValues[o.name]).filter((v): v is string => !!v);
  return ordered.length ? ordered.join(' / ') : Object.values(optionValues).join(' / ');
};

/** Every combination of the options' values, in the options' order. */
export const combinations = (options: readonly OptionDraft[]): Record<string, string>[] => {
  const clean = cleanOptions(options);
  if (clean.length === 0) return [];
  return clean.reduce<Record<string, string>[]>(
    (acc, option) =>
      acc.flatMap((partial) => option.values.map((value) => ({ ...partial, [option.name]: value }))),
    [{}],
  );
};

/** How many varieties the options would give (before removed rows), without building them. */
export const countCombinations = (options: readonly OptionDraft[]): number => {
  const clean = cleanOptions(options);
  return clean.length === 0 ? 0 : clean.reduce((n, o) => n * o.values.length, 1);
};

/**
 * How well an old row fits a new combination: the number of options with the same value; -1 when an
 * option both have disagrees (S/Red never lends its price to M/Red).
 */
const fit = (row: Record<string, string>, combo: Record<string, string>): number => {
  const old = new Map(Object.entries(row).map(([k, v]) => [norm(k), norm(v)]));
  let score = 0;
  for (const [name, value] of Object.entries(combo)) {
    const had = old.get(norm(name));
    if (had === undefined) continue;
    if (had !== norm(value)) return -1;
    score += 1;
  }
  return score;
};

export type GenerateOptions = {
  /** Keys of combinations the merchant removed; they stay out until restored. */
  removed?: ReadonlySet<string>;
  /** Prices for a combination nothing can lend a price to (e.g. the product's price). */
  defaults?: { selling_price?: NumberField; cost_price?: NumberField };
  /** Stores for the opening-stock inputs of a new row. */
  storeIds?: readonly string[];
};

/**
 * Rebuilds the grid for the options. A combination that was already there keeps its row (prices,
 * SKU, barcode, stock, id). A new combination takes the prices of the closest old row (S gives its
 * price to S / Red and S / Blue when Colour is added; S / Red gives its price to S when Colour is
 * removed), else the defaults. SKU, barcode and opening stock are never copied: they belong to one
 * variety.
 */
export const generateVarieties = (
  options: readonly OptionDraft[],
  previous: readonly VarietyRow[],
  { removed = new Set(), defaults = {}, storeIds = [] }: GenerateOptions = {},
): VarietyRow[] => {
  const byKey = new Map(previous.map((row) => [row.key, row]));
  const rows: VarietyRow[] = [];
  for (const combo of combinations(options)) {
    const key = varietyKey(combo);
    if (removed.has(key)) continue;
    const same = byKey.get(key);
    if (same) {
      rows.push({ ...same, key, option_values: combo });
      continue;
    }
    let best: VarietyRow | undefined;
    let bestScore = 0;
    for (const row of previous) {
      const score = fit(row.option_values, combo);
      if (score > bestScore) {
        best = row;
        bestScore = score;
      }
    }
    rows.push({
      key,
      option_values: combo,
      sku: '',
      barcode: '',
      selling_price: best ? best.selling_price : (defaults.selling_price ?? ''),
      cost_price: best ? best.cost_price : (defaults.cost_price ?? ''),
      store_stock: storeIds.map((store_id) => ({ store_id, stock: '' })),
    });
  }
  return rows;
};

import { fromKobo, toKobo, type Product, type StockAlertItem, type StockSummary } from '@ms/contracts';

type StoreRef = { _id: string; name: string };

/** One stock-tracked item: a simple product, or one variety of a variable product. */
type Item = StockAlertItem & { cost: number; retail: number; perStore: Map<string, number> };

const itemsOf = (p: Product): Item[] => {
  if (!p.track_stock) return [];
  const perStore = (list: Product['store_stock']) => new Map(list.map((s) => [s.store_id, s.stock]));
  if (p.product_type === 'simple')
    return [
      {
        product_id: p._id,
        variety_id: null,
        name: p.name,
        quantity: 0,
        low_stock_threshold: p.low_stock_threshold,
        cost: toKobo(p.cost_price),
        retail: toKobo(p.selling_price),
        perStore: perStore(p.store_stock),
      },
    ];
  if (p.product_type !== 'variable') return [];
  return p.varieties.map((v) => ({
    product_id: p._id,
    variety_id: v._id,
    name: `${p.name} (${v.name})`,
    quantity: 0,
    low_stock_threshold: p.low_stock_threshold,
    cost: toKobo(v.cost_price),
    retail: toKobo(v.selling_price),
    perStore: perStore(v.store_stock),
  }));
};

const byName = (a: Item, b: Item) => a.name.localeCompare(b.name);

/**
 * The stock screen's summary worked out from the products on this device (offline; issue 5), by
 * the server's rules (contracts `stockSummary`): tracked items only, a variable product counted
 * per variety, low = 0 < quantity ≤ threshold, out = quantity ≤ 0, values on positive quantities.
 */
export const localStockSummary = (
  products: readonly Product[],
  stores: readonly StoreRef[],
  storeId: string | null,
): StockSummary => {
  const scope = storeId ? stores.filter((s) => s._id === storeId) : [...stores];
  const ids = scope.map((s) => s._id);
  const items = products.flatMap(itemsOf).map((i) => ({
    ...i,
    quantity: ids.reduce((n, id) => n + (i.perStore.get(id) ?? 0), 0),
  }));
  const inStock = items.filter((i) => i.quantity > 0);
  const low = inStock.filter((i) => i.quantity <= i.low_stock_threshold);
  const out = items.filter((i) => i.quantity <= 0);
  const alert = ({ product_id, variety_id, name, quantity, low_stock_threshold }: Item): StockAlertItem => ({
    product_id,
    variety_id,
    name,
    quantity,
    low_stock_threshold,
  });
  const value = (list: Item[], price: (i: Item) => number) =>
    fromKobo(list.reduce((n, i) => n + i.quantity * price(i), 0));
  return {
    store_id: storeId,
    stock_value_cost: value(inStock, (i) => i.cost),
    stock_value_retail: value(inStock, (i) => i.retail),
    products_in_stock: new Set(inStock.map((i) => i.product_id)).size,
    items_in_stock: inStock.length,
    units_in_stock: inStock.reduce((n, i) => n + i.quantity, 0),
    tracked_items: items.length,
    low_stock_count: low.length,
    out_of_stock_count: out.length,
    low_stock: [...low]
      .sort((a, b) => a.quantity - b.quantity || byName(a, b))
      .slice(0, 10)
      .map(alert),
    out_of_stock: [...out].sort(byName).slice(0, 10).map(alert),
    stores: scope
      .map((s) => {
        const here = items
          .map((i) => ({ ...i, quantity: i.perStore.get(s._id) ?? 0 }))
          .filter((i) => i.quantity > 0);
        return {
          store_id: s._id,
          store_name: s.name,
          stock_value_cost: value(here, (i) => i.cost),
          stock_value_retail: value(here, (i) => i.retail),
          items_in_stock: here.length,
          units_in_stock: here.reduce((n, i) => n + i.quantity, 0),
        };
      })
      .sort((a, b) => a.store_name.toLowerCase().localeCompare(b.store_name.toLowerCase())),
  };
};

import type { Product } from '@ms/contracts';

type Variety = Product['varieties'][number];

/** Stock of a variety in the store (or everywhere when no store is chosen). */
export const varietyStock = (v: Variety, storeId: string | null): number =>
  storeId ? (v.store_stock.find((s) => s.store_id === storeId)?.stock ?? 0) : v.stock;

/** A product needs the one-step dialog when there is something to choose. */
export const needsChoice = (p: Product): boolean => p.varieties.length > 0 || p.modifiers.length > 0;

/**
 * Inventory: what other modules and flows use. Stock changes only through `moveStock` (the stock
 * ledger), inside the caller's transaction.
 */
export {
  moveStock,
  resolveItems,
  type MovementContext,
  type ResolvedItem,
  type StockItem,
  type StockLine,
} from './stock-ledger.js';

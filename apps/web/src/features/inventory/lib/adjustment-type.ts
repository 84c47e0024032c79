import type { AdjustmentType } from '@ms/contracts';
import { inventoryPaths } from './paths';

/** Words and routes of the two adjustment flows. */
export const ADJUSTMENT_FLOW: Record<
  AdjustmentType,
  {
    title: string;
    verb: string;
    done: string;
    description: string;
    pick: string;
    review: string;
  }
> = {
  add: {
    title: 'Add stock',
    verb: 'Add',
    done: 'Stock added',
    description: 'Record stock that came into a store: a delivery, a return, a correction.',
    pick: inventoryPaths.addStock,
    review: inventoryPaths.addStockNext,
  },
  remove: {
    title: 'Remove stock',
    verb: 'Remove',
    done: 'Stock removed',
    description: 'Record stock that left a store without a sale: damaged, lost, expired or returned.',
    pick: inventoryPaths.removeStock,
    review: inventoryPaths.removeStockNext,
  },
};

export const adjustmentTypeOf = (pathname: string): AdjustmentType =>
  pathname.startsWith('/inventory/remove-stock') ? 'remove' : 'add';

export const ADJUSTMENT_STEPS = ['Choose items', 'Review and confirm'] as const;

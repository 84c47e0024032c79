import type { StockCount } from '@ms/contracts';
import { countScreen } from './count-math';
import { acceptCountPath, countCompletedPath, submitCountPath } from './paths';

/** Where a count opens: counting while in progress, review once submitted, the result after. */
export const countPath = (count: Pick<StockCount, '_id' | 'status'>) => {
  const screen = countScreen(count.status);
  return screen === 'submit'
    ? submitCountPath(count._id)
    : screen === 'accept'
      ? acceptCountPath(count._id)
      : countCompletedPath(count._id);
};

export const scopeLabel = (count: Pick<StockCount, 'scope' | 'category_name'>) =>
  count.scope === 'store' ? 'Whole store' : (count.category_name ?? 'Category');

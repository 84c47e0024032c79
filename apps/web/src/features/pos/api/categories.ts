import type { CategoryV1 } from '@ms/contracts';
import { useCategories } from '@/features/categories';
import { useLocalTable } from '@/offline';
import { useSession } from '@/lib/session-store';

export type PosCategory = { _id: string; name: string };

/**
 * The category chips of the till: the business's categories, or offline (until they answer) the
 * top-level categories downloaded to this device.
 */
export const usePosCategories = (): { data: PosCategory[] | undefined } => {
  const online = useCategories();
  const local = useLocalTable<CategoryV1>(useSession()?.business._id, 'categories');
  if (online.data) return { data: online.data };
  if (!local?.length) return { data: undefined };
  return {
    data: local
      .filter((c) => !c.parent)
      .map((c) => ({ _id: c._id, name: c.name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
};

import { isAdmin, useSession } from '@/lib/session-store';
import { inventoryRights } from './permissions';
import type { TransferViewer } from './transfer-actions';

/** The current user as the transfer rules see them. */
export const useTransferViewer = (): TransferViewer => {
  const session = useSession();
  const rights = inventoryRights(session);
  return {
    admin: isAdmin(session),
    storeIds: (session?.user.stores ?? []).map((s) => s._id),
    initiateTransfer: rights.initiateTransfer,
    receiveTransfer: rights.receiveTransfer,
  };
};

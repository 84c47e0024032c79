import type { TransferStatus } from '@ms/contracts';

export type TransferAction = 'hold' | 'release' | 'receive' | 'cancel';

/**
 * Which steps a transfer's state allows (packages/contracts inventory/transfers.ts):
 * in_transit and partially_received → receive (the rest), hold, cancel; on_hold → release, cancel;
 * received and cancelled are final.
 */
export const STATUS_ACTIONS: Record<TransferStatus, readonly TransferAction[]> = {
  in_transit: ['receive', 'hold', 'cancel'],
  on_hold: ['release', 'cancel'],
  partially_received: ['receive', 'hold', 'cancel'],
  received: [],
  cancelled: [],
};

export type TransferViewer = {
  admin: boolean;
  /** Ids of the stores the user works in (an admin works in all). */
  storeIds: readonly string[];
  initiateTransfer: boolean;
  receiveTransfer: boolean;
};

/**
 * The actions to offer this user on this transfer, as the server allows them: by its state; by
 * role (initiate_transfer cancels, receive_transfer receives, either holds and releases); and by
 * store (the sending store's staff cancel, the receiving store's staff receive, staff of either
 * store hold and release).
 */
export const transferActions = (
  transfer: { status: TransferStatus; from_store_id: string; to_store_id: string },
  viewer: TransferViewer,
): TransferAction[] => {
  const worksIn = (storeId: string) => viewer.admin || viewer.storeIds.includes(storeId);
  return STATUS_ACTIONS[transfer.status].filter((action) => {
    switch (action) {
      case 'receive':
        return viewer.receiveTransfer && worksIn(transfer.to_store_id);
      case 'cancel':
        return viewer.initiateTransfer && worksIn(transfer.from_store_id);
      case 'hold':
      case 'release':
        return (
          (viewer.initiateTransfer || viewer.receiveTransfer) &&
          (worksIn(transfer.from_store_id) || worksIn(transfer.to_store_id))
        );
    }
  });
};

/** Badge colour of each state. */
export const TRANSFER_STATUS_COLORS: Record<TransferStatus, string> = {
  in_transit: 'blue',
  on_hold: 'grape',
  partially_received: 'indigo',
  received: 'teal',
  cancelled: 'gray',
};

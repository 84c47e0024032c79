import { hasPermission, type Session } from '@/lib/session-store';

/**
 * What a role may do in inventory (keys of the permission catalogue, spec 001 §6 "Inventory
 * Management"). Admin holds every permission. The server checks the same keys; these only hide
 * what would be refused.
 */
export const inventoryRights = (session: Session | null) => {
  const can = (key: string) => hasPermission(session, key);
  const counts = can('inventory.stock_counts');
  const adjust = can('inventory.adjust_stock');
  const log = can('inventory.adjustment_log');
  const initiateTransfer = can('inventory.initiate_transfer');
  const receiveTransfer = can('inventory.receive_transfer');
  return {
    viewStock: can('catalogue.view_inventory'),
    adjust,
    viewLog: log,
    initiateTransfer,
    receiveTransfer,
    viewTransfers: initiateTransfer || receiveTransfer,
    counts,
  };
};

export type InventoryRights = ReturnType<typeof inventoryRights>;

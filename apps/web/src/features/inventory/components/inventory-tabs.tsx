import type { ReactNode } from 'react';
import { TabbedWindow, type TabbedWindowTab } from '@/components/ui/tabbed-window';
import { useSession } from '@/lib/session-store';
import { inventoryPaths } from '../lib/paths';
import { inventoryRights } from '../lib/permissions';

/** The inventory group's main screens as tabs (a tab change replaces the route, spec 000 §2.7). */
export const InventoryTabs = ({ children }: { children: ReactNode }) => {
  const rights = inventoryRights(useSession());
  const tabs: TabbedWindowTab[] = [
    { label: 'Stock', to: inventoryPaths.dashboard },
    ...(rights.viewLog ? [{ label: 'Adjustments', to: inventoryPaths.adjustments }] : []),
    ...(rights.viewTransfers ? [{ label: 'Transfers', to: inventoryPaths.transfers }] : []),
    ...(rights.counts ? [{ label: 'Counts', to: inventoryPaths.counts }] : []),
  ];
  return <TabbedWindow tabs={tabs}>{children}</TabbedWindow>;
};

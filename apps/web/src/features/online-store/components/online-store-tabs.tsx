import type { ReactNode } from 'react';
import { TabbedWindow, type TabbedWindowTab } from '@/components/ui/tabbed-window';
import { paths } from '@/lib/route-paths';
import { hasPermission, useSession } from '@/lib/session-store';

/**
 * tab-online-catalogue (spec 001 §2): the online store's two screens as tabs, Catalogue and Orders;
 * a role that may open only one of them sees no tab bar.
 */
export const OnlineStoreTabs = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  const can = (key: string) => hasPermission(session, key);
  const tabs: TabbedWindowTab[] = [
    ...(can('online_store.catalogue') || can('online_store.shipping_fees')
      ? [{ label: 'Catalogue', to: paths.OnlineCatalogue }]
      : []),
    ...(can('online_store.view_orders') || can('online_store.manage_orders')
      ? [{ label: 'Orders', to: paths.Orders }]
      : []),
  ];
  if (tabs.length < 2) return <>{children}</>;
  return <TabbedWindow tabs={tabs}>{children}</TabbedWindow>;
};

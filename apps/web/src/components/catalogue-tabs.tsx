import { useLocation } from 'react-router';
import { TabbedWindow, type TabbedWindowTab } from '@/components/ui/tabbed-window';
import { hasPermission, useSession } from '@/lib/session-store';

export type CatalogueTab = 'products' | 'categories' | 'modifiers' | 'tags' | 'options';

/**
 * The products-and-inventory group's catalogue screens (spec 001 §2 "productsinventory") as tabs
 * on top of each of them, so modifier sets, tags and options are one tap from the product list.
 */
export const CatalogueTabs = ({ active }: { active: CatalogueTab }) => {
  const session = useSession();
  const { pathname } = useLocation();
  const canViewProducts = hasPermission(session, 'catalogue.view_product');
  const all: (TabbedWindowTab & { key: CatalogueTab; allowed: boolean })[] = [
    { key: 'products', label: 'Products', to: '/productsinventory/myproducts', allowed: canViewProducts },
    {
      key: 'categories',
      label: 'Categories',
      to: '/categories',
      allowed: hasPermission(session, 'catalogue.view_category'),
    },
    {
      key: 'modifiers',
      label: 'Modifier sets',
      to: '/productsinventory/modifiers',
      allowed: canViewProducts,
    },
    { key: 'tags', label: 'Tags', to: '/productsinventory/tags', allowed: canViewProducts },
    { key: 'options', label: 'Options', to: '/productsinventory/options', allowed: canViewProducts },
  ];
  // The page's own tab points at the path it was opened on (/products, /categories_v2...), so it shows as current.
  const tabs: TabbedWindowTab[] = all
    .filter((t) => t.allowed || t.key === active)
    .map(({ label, to, key }) => ({ label, to: key === active ? pathname : to }));
  return (
    <TabbedWindow tabs={tabs}>
      <></>
    </TabbedWindow>
  );
};

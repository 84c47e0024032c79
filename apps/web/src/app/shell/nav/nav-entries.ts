import type { Icon } from '@tabler/icons-react';
import {
  IconAdjustments,
  IconArrowsExchange,
  IconBook,
  IconBook2,
  IconBuildingBank,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconCash,
  IconCashRegister,
  IconCategory,
  IconChartBar,
  IconClipboardList,
  IconCreditCard,
  IconCreditCardPay,
  IconDeviceMobile,
  IconDeviceMobileCheck,
  IconFileInvoice,
  IconFileText,
  IconHeartHandshake,
  IconHistory,
  IconHome,
  IconId,
  IconLifebuoy,
  IconMail,
  IconPackage,
  IconPigMoney,
  IconPlug,
  IconPrinter,
  IconReceipt,
  IconRefresh,
  IconRocket,
  IconSettings,
  IconShieldLock,
  IconShoppingCart,
  IconTicket,
  IconTruckDelivery,
  IconUser,
  IconUserCog,
  IconUsers,
  IconWallet,
  IconWorld,
} from '@tabler/icons-react';
import { mayOpenRoute } from '../../route-access';
import { paths } from '@/lib/route-paths';
import { SUPPORT_EMAIL, TERMS_URL } from '../support';

/**
 * The sidebars' entries of spec 000 §2.5 and §2.6, by named route (§2.3). An entry whose route is
 * not registered in lib/route-paths.ts yet is not shown, so the menus grow as features land.
 */
export type NavEntry =
  | {
      label: string;
      icon: Icon;
      /** A named route of spec 000 §2.3 (key of `paths`, once registered). */
      route: string;
      /**
       * Routes to link to instead, in order, when this person may not open `route` (the inventory
       * entry opens the first inventory screen the role can use).
       */
      orRoutes?: readonly string[];
      adminOnly?: boolean;
      /** Shown only for these business ids (spec: "Authorize Device"). */
      onlyForBusinesses?: readonly string[];
      /** Hidden for these business ids (spec: the Settlement Account setting). */
      hiddenForBusinesses?: readonly string[];
    }
  | { label: string; icon: Icon; href: string | null; adminOnly?: boolean };

export type NavSection = { title: string | null; adminOnly?: boolean; entries: NavEntry[] };

// The spec names these business ids without giving them; the lists are empty until they are known.
const AUTHORIZE_DEVICE_BUSINESSES: readonly string[] = [];
const NO_SETTLEMENT_BUSINESSES: readonly string[] = [];

/** Spec 000 §2.5 — searchable sidebar. Logout is drawn below the sections. */
export const SEARCHABLE_SECTIONS: NavSection[] = [
  // Not in the spec's list (the logo goes home there); a way back to the Dashboard a shop owner can see.
  { title: null, entries: [{ label: 'Dashboard', icon: IconHome, route: 'Dashboard' }] },
  {
    title: 'Payment',
    entries: [
      { label: 'Transactions', icon: IconCreditCard, route: 'Payments' },
      { label: 'Terminals', icon: IconDeviceMobile, route: 'Hardware', adminOnly: true },
      { label: 'Fixed payment account', icon: IconBuildingBank, route: 'FixedAccount' },
      { label: 'Card Monitoring', icon: IconCreditCardPay, route: 'CardMonitoring' },
      {
        label: 'Authorize Device',
        icon: IconDeviceMobileCheck,
        route: 'AddDevice',
        onlyForBusinesses: AUTHORIZE_DEVICE_BUSINESSES,
      },
    ],
  },
  {
    title: 'Financial Services',
    adminOnly: true,
    entries: [
      { label: 'Wallet', icon: IconWallet, route: 'MainWallet' },
      { label: 'Savings', icon: IconPigMoney, route: 'SavingsWaitlist' },
      { label: 'Pay Bills', icon: IconReceipt, route: 'PayBills' },
    ],
  },
  {
    title: 'Business Tools',
    entries: [
      { label: 'Point of Sale', icon: IconCash, route: 'Pos' },
      { label: 'Registers', icon: IconCashRegister, route: 'Registers' },
      { label: 'Products', icon: IconPackage, route: 'Products' },
      {
        label: 'Inventory Management',
        icon: IconBuildingWarehouse,
        route: 'InventoryTab',
        orRoutes: ['StockAdjustment', 'InventoryTransfer', 'StockCount'],
      },
      { label: 'Book Keeping', icon: IconBook, route: 'SalesHistory' },
      { label: 'Customers', icon: IconUsers, route: 'Customers' },
      { label: 'Tickets', icon: IconTicket, route: 'Tickets' },
      { label: 'Invoices', icon: IconFileInvoice, route: 'Invoices' },
      { label: 'Online Store', icon: IconWorld, route: 'OnlineCatalogue' },
      { label: 'Insights', icon: IconChartBar, route: 'Insights' },
    ],
  },
  {
    title: 'Growth Services',
    entries: [
      { label: 'Growth services', icon: IconRocket, route: 'GWT' },
      { label: 'Integrations', icon: IconPlug, route: 'Integrations' },
    ],
  },
  {
    title: null,
    entries: [
      { label: 'Settings', icon: IconSettings, route: 'AppSettings' },
      { label: 'Security', icon: IconShieldLock, route: 'Security', adminOnly: true },
      { label: 'Support', icon: IconLifebuoy, route: 'Support' },
    ],
  },
];

/** Spec 000 §2.6 — the icon rail. */
export const RAIL_ENTRIES: NavEntry[] = [
  { label: 'Home', icon: IconHome, route: 'Dashboard' },
  { label: 'Payments', icon: IconCreditCard, route: 'Payments' },
  { label: 'Pos', icon: IconCash, route: 'Pos' },
  { label: 'Sales History', icon: IconHistory, route: 'SalesHistory' },
  { label: 'Orders', icon: IconTruckDelivery, route: 'Orders' },
  { label: 'KYC', icon: IconId, route: 'Kyc', adminOnly: true },
];

/** Spec 000 §2.6 — "Frequently Used" grid (Logout is added as the last tile). */
export const FREQUENT_ENTRIES: NavEntry[] = [
  { label: 'Transactions', icon: IconCreditCard, route: 'Payments' },
  { label: 'Pos', icon: IconCash, route: 'Pos' },
  { label: 'Sales History', icon: IconHistory, route: 'SalesHistory' },
  { label: 'Orders', icon: IconTruckDelivery, route: 'Orders' },
];

/**
 * Spec 000 §2.6 — collapsible groups. The spec names the groups and the Settings and Support
 * entries; the other groups' entries are ours. The last entry of Business Services and of Profile
 * is admin-only (§6).
 */
export const RAIL_GROUPS: NavSection[] = [
  {
    title: 'Business Services',
    entries: [
      { label: 'Customers', icon: IconUsers, route: 'Customers' },
      { label: 'Customer Loyalty', icon: IconHeartHandshake, route: 'CustomerLoyalty' },
      { label: 'Invoices', icon: IconFileInvoice, route: 'Invoices' },
      { label: 'Tickets', icon: IconTicket, route: 'Tickets' },
      { label: 'Insights', icon: IconChartBar, route: 'Insights' },
      { label: 'Growth services', icon: IconRocket, route: 'GWT' },
      { label: 'Wallet', icon: IconWallet, route: 'MainWallet', adminOnly: true },
    ],
  },
  {
    title: 'Retail Store',
    entries: [
      { label: 'Products', icon: IconPackage, route: 'Products' },
      { label: 'Categories', icon: IconCategory, route: 'Categories' },
      { label: 'Inventory', icon: IconBuildingWarehouse, route: 'InventoryTab' },
      { label: 'Stock transfer', icon: IconArrowsExchange, route: 'InventoryTransfer' },
      { label: 'Stock count', icon: IconClipboardList, route: 'StockCount' },
      { label: 'Stock adjustment', icon: IconAdjustments, route: 'StockAdjustment' },
      { label: 'Print labels', icon: IconPrinter, route: 'PrintLabel' },
      { label: 'Stores', icon: IconBuildingStore, route: 'AllStores' },
      { label: 'Registers', icon: IconCashRegister, route: 'Registers' },
    ],
  },
  {
    title: 'Online Store',
    entries: [
      { label: 'Online catalogue', icon: IconWorld, route: 'OnlineCatalogue' },
      { label: 'Orders', icon: IconShoppingCart, route: 'Orders' },
    ],
  },
  {
    title: 'Profile',
    entries: [
      { label: 'App settings', icon: IconSettings, route: 'AppSettings' },
      { label: 'Users and roles', icon: IconUserCog, route: 'UserRoles', adminOnly: true },
      { label: 'Security', icon: IconShieldLock, route: 'Security', adminOnly: true },
      { label: 'My account', icon: IconUser, route: 'CompanyInfo', adminOnly: true },
    ],
  },
  {
    title: 'Settings',
    entries: [
      { label: 'Payment Methods', icon: IconCreditCardPay, route: 'PaymentMethod', adminOnly: true },
      { label: 'Hardware', icon: IconDeviceMobile, route: 'Hardware', adminOnly: true },
      { label: 'Integrations', icon: IconPlug, route: 'Integrations' },
      {
        label: 'My payment accounts',
        icon: IconBuildingBank,
        route: 'SettlementAccount',
        hiddenForBusinesses: NO_SETTLEMENT_BUSINESSES,
      },
      { label: 'My Sync Settings', icon: IconRefresh, route: 'SyncSettings' },
    ],
  },
  {
    title: 'Support & Policies',
    entries: [
      { label: 'Customer Care', icon: IconMail, href: `mailto:${SUPPORT_EMAIL}` },
      { label: 'Terms & Conditions', icon: IconFileText, href: TERMS_URL },
      { label: 'User Guides', icon: IconBook2, route: 'UserGuides' },
    ],
  },
];

/** The path of a named route, when that route exists in the app today. */
export const pathOfRoute = (route: string): string | undefined =>
  (paths as Record<string, string | undefined>)[route];

export type VisibleEntry = { label: string; icon: Icon; to: string; external: boolean };

export type Viewer = { admin: boolean; businessId: string | undefined; permissions: readonly string[] };

/**
 * The entry as a link for this viewer, or null when it must not be shown: an entry shows only when
 * its route exists and the viewer's role may open it (route-access.ts).
 */
export const visibleEntry = (entry: NavEntry, viewer: Viewer): VisibleEntry | null => {
  if (entry.adminOnly && !viewer.admin) return null;
  if ('href' in entry) {
    return entry.href ? { label: entry.label, icon: entry.icon, to: entry.href, external: true } : null;
  }
  const route = [entry.route, ...(entry.orRoutes ?? [])].find(
    (r) => pathOfRoute(r) && mayOpenRoute(r, viewer),
  );
  const to = route && pathOfRoute(route);
  if (!to) return null;
  const business = viewer.businessId ?? '';
  if (entry.onlyForBusinesses && !entry.onlyForBusinesses.includes(business)) return null;
  if (entry.hiddenForBusinesses?.includes(business)) return null;
  return { label: entry.label, icon: entry.icon, to, external: false };
};

export const visibleEntries = (entries: NavEntry[], viewer: Viewer): VisibleEntry[] =>
  entries.map((e) => visibleEntry(e, viewer)).filter((e): e is VisibleEntry => e !== null);

export type VisibleSection = { title: string | null; entries: VisibleEntry[] };

/** Sections with their visible entries; a section left empty (or admin-only for others) is dropped. */
export const visibleSections = (sections: NavSection[], viewer: Viewer): VisibleSection[] =>
  sections
    .filter((s) => !s.adminOnly || viewer.admin)
    .map((s) => ({ title: s.title, entries: visibleEntries(s.entries, viewer) }))
    .filter((s) => s.entries.length > 0);

/** Spec 000 §2.5 search: entries whose name contains the text, ignoring case. */
export const filterSections = (sections: VisibleSection[], text: string): VisibleSection[] => {
  const needle = text.trim().toLowerCase();
  if (!needle) return sections;
  return sections
    .map((s) => ({ ...s, entries: s.entries.filter((e) => e.label.toLowerCase().includes(needle)) }))
    .filter((s) => s.entries.length > 0);
};

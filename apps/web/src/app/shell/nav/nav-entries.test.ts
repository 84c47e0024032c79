import { describe, expect, it } from 'vitest';
import {
  filterSections,
  RAIL_GROUPS,
  SEARCHABLE_SECTIONS,
  visibleEntry,
  visibleSections,
  type NavEntry,
} from './nav-entries';
import { IconHome } from '@tabler/icons-react';
import { DEFAULT_ROLE_PERMISSIONS } from '@ms/contracts';

const admin = { admin: true, businessId: 'b1', permissions: [] };
const cashier = { admin: false, businessId: 'b1', permissions: DEFAULT_ROLE_PERMISSIONS.cashier! };
const labels = (sections: ReturnType<typeof visibleSections>) =>
  sections.flatMap((s) => s.entries.map((e) => e.label));

describe('sidebar entries', () => {
  it('shows only entries whose route is registered', () => {
    const shown = labels(visibleSections(SEARCHABLE_SECTIONS, admin));
    expect(shown).toContain('Settings');
    expect(shown).toContain('Security');
    expect(shown).toContain('Point of Sale');
    expect(shown).toContain('Transactions');
    expect(shown).toContain('Fixed payment account');
    // Wallet is not registered in lib/route-paths.ts yet.
    expect(shown).not.toContain('Wallet');
  });

  it('shows a cashier the fixed account (to read it to a customer) but not the transactions', () => {
    const shown = labels(visibleSections(SEARCHABLE_SECTIONS, cashier));
    expect(shown).toContain('Fixed payment account');
    expect(shown).not.toContain('Transactions');
  });

  it('lists Registers (spec 000 POS route /registers) next to Point of Sale and in Retail Store', () => {
    const tools = visibleSections(SEARCHABLE_SECTIONS, cashier).find((s) => s.title === 'Business Tools');
    const names = tools?.entries.map((e) => e.label) ?? [];
    expect(names.slice(names.indexOf('Point of Sale'), names.indexOf('Point of Sale') + 2)).toEqual([
      'Point of Sale',
      'Registers',
    ]);
    const retail = visibleSections(RAIL_GROUPS, cashier).find((s) => s.title === 'Retail Store');
    expect(retail?.entries.find((e) => e.label === 'Registers')?.to).toBe('/registers');
    expect(tools?.entries.find((e) => e.label === 'Registers')?.to).toBe('/registers');
  });

  it('hides admin-only entries and sections from other roles', () => {
    expect(labels(visibleSections(SEARCHABLE_SECTIONS, cashier))).not.toContain('Security');
    const profile = visibleSections(RAIL_GROUPS, cashier).find((s) => s.title === 'Profile');
    expect(profile?.entries.map((e) => e.label)).toEqual(['App settings']);
  });

  it('shows an entry only when the role may open it: a cashier gets Products, not Inventory Management', () => {
    const shown = labels(visibleSections(SEARCHABLE_SECTIONS, cashier));
    expect(shown).toEqual(expect.arrayContaining(['Point of Sale', 'Registers', 'Products', 'Customers']));
    expect(shown).not.toContain('Inventory Management');
    const retail = labels(visibleSections(RAIL_GROUPS, cashier));
    expect(retail).toEqual(expect.arrayContaining(['Products', 'Categories', 'Registers', 'Stores']));
    for (const hidden of ['Inventory', 'Stock transfer', 'Stock count', 'Stock adjustment', 'Print labels'])
      expect(retail).not.toContain(hidden);
    // The admin sees them all.
    expect(labels(visibleSections(SEARCHABLE_SECTIONS, admin))).toContain('Inventory Management');
  });

  it('links the inventory entry to the first inventory screen the role can use', () => {
    const keeper = { admin: false, businessId: 'b1', permissions: ['inventory.adjust_stock'] };
    const entry = visibleSections(SEARCHABLE_SECTIONS, keeper)
      .flatMap((s) => s.entries)
      .find((e) => e.label === 'Inventory Management');
    expect(entry?.to).toBe('/inventory/stock-adjustment');
    const shown = labels(visibleSections(SEARCHABLE_SECTIONS, keeper));
    expect(shown).not.toContain('Point of Sale');
    expect(shown).not.toContain('Products');
  });

  it('drops an entry limited to other businesses and a web link that does not exist', () => {
    const onlyB2: NavEntry = { label: 'X', icon: IconHome, route: 'Dashboard', onlyForBusinesses: ['b2'] };
    expect(visibleEntry(onlyB2, admin)).toBeNull();
    expect(visibleEntry({ ...onlyB2, onlyForBusinesses: ['b1'] }, admin)?.to).toBe('/dashboard');
    expect(visibleEntry({ label: 'Terms', icon: IconHome, href: null }, admin)).toBeNull();
  });

  it('filters by name ignoring case', () => {
    const sections = visibleSections(SEARCHABLE_SECTIONS, admin);
    expect(labels(filterSections(sections, 'SEC'))).toEqual(['Security']);
    expect(filterSections(sections, 'nothing like this')).toEqual([]);
    expect(filterSections(sections, '  ')).toBe(sections);
  });
});

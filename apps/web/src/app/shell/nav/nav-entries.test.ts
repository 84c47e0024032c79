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

const admin = { admin: true, businessId: 'b1' };
const cashier = { admin: false, businessId: 'b1' };
const labels = (sections: ReturnType<typeof visibleSections>) =>
  sections.flatMap((s) => s.entries.map((e) => e.label));

describe('sidebar entries', () => {
  it('shows only entries whose route is registered', () => {
    const shown = labels(visibleSections(SEARCHABLE_SECTIONS, admin));
    expect(shown).toContain('Settings');
    expect(shown).toContain('Security');
    expect(shown).toContain('Point of Sale');
    // Payments is not registered in route-paths.ts yet.
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

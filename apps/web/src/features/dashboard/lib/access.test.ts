import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS } from '@ms/contracts';
import type { Session } from '@/lib/session-store';
import { dashboardAccess } from './access';

const as = (role: string, permissions: string[]) => ({ user: { role, permissions } }) as unknown as Session;

describe('dashboardAccess', () => {
  it('shows an admin every figure', () => {
    expect(Object.values(dashboardAccess(as('Admin', [])))).toEqual([true, true, true, true, true, true]);
  });

  it('hides stock value from a cashier but shows sales, items, customers and recent sales', () => {
    expect(dashboardAccess(as('cashier', DEFAULT_ROLE_PERMISSIONS.cashier!))).toEqual({
      sales: true,
      items: true,
      inventory: false,
      customers: true,
      recent: true,
      invoiceLog: false,
    });
  });

  it('shows a stock keeper nothing, and items sold only with the sales amount', () => {
    expect(Object.values(dashboardAccess(as('keeper', ['inventory.adjust_stock'])))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(dashboardAccess(as('x', ['home.total_items_sold'])).items).toBe(false);
  });

  it('shows the invoice log only to a role that may also read invoices', () => {
    expect(dashboardAccess(as('x', ['home.invoice_log'])).invoiceLog).toBe(false);
    expect(dashboardAccess(as('x', ['home.invoice_log', 'invoices.view'])).invoiceLog).toBe(true);
  });
});

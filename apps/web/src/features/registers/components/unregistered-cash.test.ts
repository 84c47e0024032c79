import { describe, expect, it } from 'vitest';
import type { Register, UnregisteredCashSale } from '@ms/contracts';
import { NO_PERMISSION_REASON, unregisteredCashGroups } from './unregistered-cash';

const sale = (id: string, storeId: string, amount: number): UnregisteredCashSale => ({
  sale_id: id,
  receipt_number: `R-${id}`,
  store_id: storeId,
  made_at: '2026-11-22T08:00:00.000Z',
  offline_date: '2026-11-22T08:00:00.000Z',
  created_at: '2026-11-22T09:00:00.000Z',
  cashier_name: 'Ada',
  amount,
});

const reg = (id: string, storeId: string, open: boolean): Register => ({
  _id: id,
  id,
  business_id: 'b',
  store_id: storeId,
  store_name: storeId,
  name: `Till ${id}`,
  status: open ? 'open' : 'closed',
  session: null,
  expected_cash: open ? 0 : null,
  created_at: '2026-11-22T07:00:00.000Z',
  updated_at: '2026-11-22T07:00:00.000Z',
});

describe('unregisteredCashGroups', () => {
  it('groups by store, sums exactly and words the notice', () => {
    const groups = unregisteredCashGroups(
      [sale('1', 'wuse', 0.1), sale('2', 'wuse', 0.2), sale('3', 'lekki', 1500)],
      [reg('a', 'wuse', true), reg('b', 'lekki', false)],
      true,
    );
    expect(groups.map((g) => [g.storeId, g.total, g.notice])).toEqual([
      ['wuse', 0.3, 'Cash from 2 sales made offline is not in any register: ₦0.30'],
      ['lekki', 1500, 'Cash from 1 sale made offline is not in any register: ₦1,500.00'],
    ]);
    expect(groups[0]?.openRegisters.map((r) => r.id)).toEqual(['a']);
    expect(groups[0]?.blockedReason).toBeNull();
  });

  it('says why the cash cannot be added: no open register in the store, or no permission', () => {
    const [closed] = unregisteredCashGroups(
      [sale('1', 'wuse', 100)],
      [reg('a', 'wuse', false), reg('c', 'lekki', true)],
      true,
    );
    expect(closed?.openRegisters).toEqual([]);
    expect(closed?.blockedReason).toBe('Open a register in this store to add this cash to it.');
    const [denied] = unregisteredCashGroups([sale('1', 'wuse', 100)], [reg('a', 'wuse', true)], false);
    expect(denied?.blockedReason).toBe(NO_PERMISSION_REASON);
  });

  it('no sales, no notice', () => {
    expect(unregisteredCashGroups([], [reg('a', 'wuse', true)], true)).toEqual([]);
  });
});

import {
  UNREGISTERED_CASH_TEXT,
  formatMoney,
  fromKobo,
  toKobo,
  type Register,
  type UnregisteredCashSale,
} from '@ms/contracts';

/** One store's cash from offline sales that is in no register, and where it can go. */
export type UnregisteredCashGroup = {
  storeId: string;
  sales: UnregisteredCashSale[];
  /** Naira, summed in kobo. */
  total: number;
  notice: string;
  /** The store's open registers the cash can be counted into. */
  openRegisters: Register[];
  /** Why the cash cannot be added now, or null. */
  blockedReason: string | null;
};

export const NO_PERMISSION_REASON = 'Your role cannot move cash in registers.';

/** Groups the sales by store, with the notice text and the open registers of each store. */
export const unregisteredCashGroups = (
  sales: readonly UnregisteredCashSale[],
  registers: readonly Register[],
  canOperate: boolean,
): UnregisteredCashGroup[] => {
  const byStore = new Map<string, UnregisteredCashSale[]>();
  for (const s of sales) byStore.set(s.store_id, [...(byStore.get(s.store_id) ?? []), s]);
  return [...byStore].map(([storeId, list]) => {
    const total = fromKobo(list.reduce((sum, s) => sum + toKobo(s.amount), 0));
    const openRegisters = registers.filter((r) => r.store_id === storeId && r.status === 'open');
    return {
      storeId,
      sales: list,
      total,
      notice: UNREGISTERED_CASH_TEXT.notice(list.length, formatMoney(total)),
      openRegisters,
      blockedReason: !canOperate
        ? NO_PERMISSION_REASON
        : openRegisters.length === 0
          ? UNREGISTERED_CASH_TEXT.noOpenRegister
          : null,
    };
  });
};

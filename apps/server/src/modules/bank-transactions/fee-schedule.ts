/**
 * The fee on a transfer received (issue 14): a share of the amount in basis points, rounded down to
 * the kobo, capped. Configured by TRANSFER_IN_FEE_BPS (default 100: 1 %) and TRANSFER_IN_FEE_CAP_KOBO
 * (default 30,000: ₦300), as Nigerian collection rails price transfers to virtual accounts.
 * Integer arithmetic only; never more than the amount less one kobo.
 */
export type FeeSchedule = { bps: number; capKobo: number };

export const transferInFee = (amountKobo: number, schedule: FeeSchedule): number => {
  // BigInt: amount × basis points can pass 2^53 for large amounts.
  const share = Number((BigInt(amountKobo) * BigInt(schedule.bps)) / 10_000n);
  return Math.min(share, schedule.capKobo, amountKobo - 1);
};

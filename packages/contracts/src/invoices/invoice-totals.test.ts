import { describe, expect, it } from 'vitest';
import {
  balanceKobo,
  computeInvoiceTotals,
  invoiceBodyTotals,
  invoiceStatusOf,
  milestoneStatuses,
  orderStatusStepAllowed,
  refundDueKobo,
} from './invoice-totals.js';
import { createInvoiceBody } from './invoices.js';

const base = { sent: true, cancelled: false, dueDate: '2026-12-10', today: '2026-12-01' };

describe('invoice totals', () => {
  it('takes line and invoice discounts off, then taxes the rest, to the kobo', () => {
    const t = computeInvoiceTotals(
      [
        { unitPriceKobo: 1_500_000, quantity: 2, discount: { type: 'percentage', value: 10 } },
        { unitPriceKobo: 1_000_000, quantity: 1 },
      ],
      { type: 'amount', value: 100_000 },
      [{ name: 'VAT', ratePercent: 7.5 }],
    );
    // 30,000 − 3,000 = 27,000; + 10,000 = 37,000; − 1,000 = 36,000; VAT 2,700 → 38,700.
    expect(t.subtotalKobo).toBe(3_700_000);
    expect(t.discountTotalKobo).toBe(400_000);
    expect(t.taxes[0]!.amountKobo).toBe(270_000);
    expect(t.totalKobo).toBe(3_870_000);
  });

  it('rounds a tax half up to the kobo', () => {
    expect(
      computeInvoiceTotals([{ unitPriceKobo: 333, quantity: 1 }], null, [{ name: 'T', ratePercent: 7.5 }])
        .taxes[0]!.amountKobo,
    ).toBe(25);
  });

  it('reads a body in naira the same way (the form and the server agree)', () => {
    const t = invoiceBodyTotals({
      items: [
        { price: 15000, quantity: 2 },
        { price: 10000.5, quantity: 1 },
      ],
      discount_type: 'amount',
      discount: 0.5,
      taxes: [],
    });
    expect(t.totalKobo).toBe(4_000_000);
  });
});

describe('invoice status', () => {
  const money = (paidKobo: number, creditedKobo = 0) => ({ totalKobo: 10_000, paidKobo, creditedKobo });

  it('is paid only when nothing is owed', () => {
    expect(invoiceStatusOf({ ...base, ...money(9_999) })).toBe('partially_paid');
    expect(invoiceStatusOf({ ...base, ...money(5_000, 4_999) })).toBe('partially_paid');
    expect(invoiceStatusOf({ ...base, ...money(5_000, 5_000) })).toBe('paid');
    expect(invoiceStatusOf({ ...base, ...money(0, 10_000) })).toBe('paid');
  });

  it('is a draft until sent, overdue after the due day, cancelled above all', () => {
    expect(invoiceStatusOf({ ...base, sent: false, ...money(0) })).toBe('draft');
    expect(invoiceStatusOf({ ...base, today: '2026-12-10', ...money(0) })).toBe('sent');
    expect(invoiceStatusOf({ ...base, today: '2026-12-11', ...money(1) })).toBe('overdue');
    expect(invoiceStatusOf({ ...base, cancelled: true, ...money(10_000) })).toBe('cancelled');
  });

  it('owes back what was paid over the total after credit notes', () => {
    expect(balanceKobo(money(12_000))).toBe(0);
    expect(refundDueKobo(money(12_000))).toBe(2_000);
    expect(refundDueKobo(money(8_000, 5_000))).toBe(3_000);
  });
});

describe('milestones', () => {
  const two = [
    { amountKobo: 6_000, dueDate: '2026-11-30' },
    { amountKobo: 4_000, dueDate: '2026-12-20' },
  ];

  it('fills the first milestones first and marks past ones overdue', () => {
    expect(
      milestoneStatuses(two, { paidKobo: 0, creditedKobo: 0, today: '2026-12-01' }).map((m) => m.status),
    ).toEqual(['overdue', 'pending']);
    expect(
      milestoneStatuses(two, { paidKobo: 6_000, creditedKobo: 0, today: '2026-12-01' }).map((m) => m.status),
    ).toEqual(['paid', 'pending']);
  });

  it('takes credit off the last milestones first', () => {
    const s = milestoneStatuses(two, { paidKobo: 0, creditedKobo: 5_000, today: '2026-11-01' });
    expect(s.map((m) => [m.status, m.amountDueKobo])).toEqual([
      ['pending', 5_000],
      ['credited', 0],
    ]);
  });
});

describe('rules of the request', () => {
  it('moves an order forward only', () => {
    expect(orderStatusStepAllowed('processing', 'delivered')).toBe(true);
    expect(orderStatusStepAllowed('shipped', 'processing')).toBe(false);
  });

  it('names the field that is wrong', () => {
    const r = createInvoiceBody.safeParse({
      _id: '0193a9c0-0000-7000-8000-000000000001',
      store_id: '0193a9c0-0000-7000-8000-000000000002',
      client: '0193a9c0-0000-7000-8000-000000000003',
      issue_date: '2026-12-10',
      due_date: '2026-12-01',
      items: [{ name: 'Tailoring\u0000', price: 1, quantity: 1 }],
    });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message).join(' | ');
    expect(messages).toContain('due_date cannot be before issue_date');
    expect(messages).toContain('U+0000');
  });
});

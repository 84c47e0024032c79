import { describe, expect, it } from 'vitest';
import type { ReceivedPayment } from '@ms/contracts';
import { paymentsCsv } from './payments-csv';

const payment = (over: Partial<ReceivedPayment>): ReceivedPayment => ({
  _id: 'p1',
  kind: 'sale_payment',
  sale_id: 's1',
  receipt_number: 'RC-000001',
  store_id: 'st1',
  method: 'card',
  method_label: 'Card',
  amount: 1500,
  fee: 0,
  user_id: null,
  customer_id: null,
  reference: null,
  payer_name: null,
  sales_agent_code: null,
  received_at: '2026-11-28T09:15:00.000Z',
  created_at: '2026-11-28T09:15:00.000Z',
  updated_at: '2026-11-28T09:15:00.000Z',
  ...over,
});

describe('the payment log as a spreadsheet', () => {
  it('has one row per payment with kind, store, method, amount and fee; a payer cannot inject a formula', () => {
    const csv = paymentsCsv(
      [
        payment({}),
        payment({
          _id: 'p2',
          kind: 'transfer',
          sale_id: null,
          receipt_number: null,
          method: 'fixed_account',
          method_label: 'bank transfer (fixed)',
          amount: 25000,
          fee: 250,
          payer_name: '=HYPERLINK("http://x")',
          reference: '000058ab',
        }),
        payment({ _id: 'p3', kind: 'refund', amount: -500, method_label: 'Cash' }),
      ],
      (id) => (id === 'st1' ? 'Lekki' : ''),
    );
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Received,Kind,Receipt,Store,Method,Payer,Reference,Amount,Fee');
    expect(lines[1]).toContain('Sale payment,RC-000001,Lekki,Card,,,1500,0');
    expect(lines[2]).toContain('Transfer,,Lekki,bank transfer (fixed),');
    expect(lines[2]).toContain('25000,250');
    expect(lines[2]).not.toContain(',=HYPERLINK');
    expect(lines[3]).toContain('Refund,RC-000001,Lekki,Cash,,,-500,0');
  });
});

import { describe, expect, it } from 'vitest';
import { frequencyLabel, frequencyOptions } from './frequency';
import { moduleLabel, pendingSummary } from './labels';

describe('sync wording', () => {
  it('names modules and their uploads', () => {
    expect(moduleLabel('customers')).toBe('Customers');
    expect(moduleLabel('custom_payments')).toBe('Payment methods');
    expect(moduleLabel('pos_unsynced')).toBe('Sales made here');
    expect(moduleLabel('gift_cards')).toBe('Gift cards');
  });

  it('says what waits to upload', () => {
    expect(pendingSummary({ customers: 0, pos: 0, tickets: 0, total: 0 })).toBeNull();
    expect(pendingSummary({ customers: 1, pos: 0, tickets: 0, total: 1 })).toBe(
      '1 customer waiting to upload',
    );
    expect(pendingSummary({ customers: 2, pos: 5, tickets: 1, total: 8 })).toBe(
      '5 sales, 2 customers and 1 parked ticket waiting to upload',
    );
    expect(pendingSummary({ customers: 0, pos: 1, tickets: 0, invoices: 2, total: 3 })).toBe(
      '1 sale and 2 invoice drafts waiting to upload',
    );
  });

  it('reads frequencies and keeps an unusual current one among the choices', () => {
    expect(frequencyLabel(60_000)).toBe('Every minute');
    expect(frequencyLabel(80_000)).toBe('Every 80 seconds');
    expect(frequencyLabel(300_000)).toBe('Every 5 minutes');
    expect(frequencyLabel(3_600_000)).toBe('Every hour');
    expect(frequencyLabel(45_000)).toBe('Every 45 seconds');
    expect(frequencyOptions(45_000).map((o) => o.value)).toContain('45000');
  });
});

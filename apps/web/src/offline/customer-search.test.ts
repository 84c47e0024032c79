import { afterEach, describe, expect, it } from 'vitest';
import type { Customer } from '@ms/contracts';
import { businessDb, closeBusinessDb } from './db';
import { customerEntry, searchLocalCustomers, settleCustomerSearch } from './customer-search';
import { disposeLocalIndexes } from './local-index';

const customer = (
  first_name: string,
  last_name: string | null,
  phone: string | null,
  email: string | null = null,
) =>
  ({
    _id: `c-${first_name.toLowerCase()}`,
    id: '',
    business: 'b',
    first_name,
    last_name,
    email,
    phone,
    day_month: null,
    address: { street: null, city: null, state: null, country: null },
    is_offline_data: false,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  }) satisfies Customer;

const people = [
  customer('Ada', 'Okafor', '+2348031234567', 'ada@example.com'),
  customer('Bola', 'Adeyemi', '08099990000'),
  customer('Chidi', 'Adamu', null, 'chidi@shop.ng'),
  customer('Adaeze', null, '07011112222'),
];

describe('local customer search', () => {
  const b = 'b-customers';
  afterEach(async () => {
    disposeLocalIndexes();
    await businessDb(b).delete();
    closeBusinessDb();
  });

  const names = (list: Customer[]) => list.map((c) => [c.first_name, c.last_name].filter(Boolean).join(' '));

  it('finds by name (first name first, then surnames), phone in any form, and e-mail', async () => {
    await businessDb(b).data('customers').bulkPut(people);
    expect(names((await searchLocalCustomers(b, { search: 'ada' })).items)).toEqual([
      'Ada Okafor',
      'Adaeze',
      'Chidi Adamu',
    ]);
    expect(names((await searchLocalCustomers(b, { search: '0803 123' })).items)).toEqual(['Ada Okafor']);
    expect(names((await searchLocalCustomers(b, { search: '+234 809' })).items)).toEqual(['Bola Adeyemi']);
    expect(names((await searchLocalCustomers(b, { search: 'shop.ng' })).items)).toEqual(['Chidi Adamu']);
    expect((await searchLocalCustomers(b, { search: '', limit: 2 })).total).toBe(4);
  });

  it('a customer made on this device can be found at once', async () => {
    await businessDb(b).data('customers').bulkPut(people);
    await searchLocalCustomers(b, { search: 'x' });
    await businessDb(b)
      .data('customers')
      .put({ ...customer('Emeka', 'Obi', '08123456789'), updated_at: '2020-01-01T00:00:00.000Z' });
    await settleCustomerSearch(b);
    expect(names((await searchLocalCustomers(b, { search: 'emeka' })).items)).toEqual(['Emeka Obi']);
  });

  it('indexes the phone digits as an exact code', () => {
    expect(customerEntry(people[0]!).codes.map((c) => c.code)).toContain('08031234567');
  });
});

import type { Customer } from '@ms/contracts';
import { isDownloaded, localIndex } from './local-index';
import { joinHay, type IndexEntry } from './search-index';

/**
 * Customer search over the local `customers` table (the POS customer picker and the customers
 * screen offline): name, phone and e-mail, ranked like the products (name starts with, a word
 * starts with, contains), in the server's order (first name, last name). "0803 123" and
 * "+234803…" find the same phone, as on the server.
 */

/** A phone's digits in the national form: "+234 803-123" → "0803123". */
export const phoneDigits = (text: string) => text.replace(/\D/g, '').replace(/^234/, '0');

const fullName = (c: Pick<Customer, 'first_name' | 'last_name'>) =>
  [c.first_name, c.last_name].filter(Boolean).join(' ');

export const customerEntry = (c: Customer): IndexEntry => {
  const name = fullName(c).toLowerCase();
  const digits = c.phone ? phoneDigits(c.phone) : '';
  return {
    id: c._id,
    sort: `${(c.first_name ?? '').toLowerCase()}\u0000${(c.last_name ?? '').toLowerCase()}`,
    name,
    hay: joinHay([name, c.last_name, c.email, c.phone, digits]),
    codes: [c.phone, digits, c.email]
      .filter((v): v is string => !!v)
      .map((v) => ({ code: v.toLowerCase(), sub: null })),
    tags: [],
  };
};

const customers = (businessId: string) => localIndex<Customer>(businessId, 'customers', customerEntry);

/** True once the customers have been downloaded to this device (see isDownloaded). */
export const hasLocalCustomers = (businessId: string): Promise<boolean> =>
  isDownloaded(businessId, 'customers');

export type LocalCustomerPage = { items: Customer[]; total: number };

/**
 * The first `limit` customers matching `search` (all when empty) and how many match. A search
 * that looks like a phone also matches on the digits ("0803 123" finds "+2348031234567").
 */
export const searchLocalCustomers = async (
  businessId: string,
  { search, limit = 20, offset = 0 }: { search: string; limit?: number; offset?: number },
): Promise<LocalCustomerPage> => {
  const idx = customers(businessId);
  await idx.ready();
  const text = /^[+\d][\d\s-]*$/.test(search.trim()) ? phoneDigits(search) || search : search;
  const { ids, total } = idx.index.search({ text, limit: offset + limit });
  return { items: await idx.read(ids.slice(offset)), total };
};

/** Waits until writes already made to `customers` are in the index. */
export const settleCustomerSearch = (businessId: string) => customers(businessId).settle();

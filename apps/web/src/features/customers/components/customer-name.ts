import type { Customer } from '@ms/contracts';

export const customerName = (c: Pick<Customer, 'first_name' | 'last_name'>) =>
  [c.first_name, c.last_name].filter(Boolean).join(' ');

export const initialsOf = (c: Pick<Customer, 'first_name' | 'last_name'>) =>
  `${c.first_name[0] ?? ''}${c.last_name?.[0] ?? ''}`.toUpperCase();

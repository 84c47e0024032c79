import type { Customer } from '@ms/contracts';
import { CustomerPicker, customerName } from '@/features/customers';
import type { Cart, CartCustomer } from '../lib/cart';

type Props = { cart: Cart; onChange: (c: CartCustomer | null) => void };

export const toCartCustomer = (c: Customer | null): CartCustomer | null =>
  c ? { _id: c._id, name: customerName(c), email: c.email, record: c } : null;

/** Attach (search or create) a customer; walk-in when none. */
export const CustomerSlot = ({ cart, onChange }: Props) => (
  <CustomerPicker
    value={cart.customer?.record ?? null}
    onChange={(c) => onChange(toCartCustomer(c))}
    limit={5}
  />
);

import { describe, expect, it } from 'vitest';
import { createSaleBody, type Product } from '@ms/contracts';
import { addItem, emptyCart, setLineDiscount, setLinePrice, setOrderDiscount } from './cart';
import { saleBody } from './sale-body';

const ID = '019a0000-0000-7000-8000-000000000001';
const STORE = '019a0000-0000-7000-8000-000000000002';
const P = '019a0000-0000-7000-8000-000000000003';
const V = '019a0000-0000-7000-8000-000000000004';
const M = '019a0000-0000-7000-8000-000000000005';

describe('sale body', () => {
  it('is what the server accepts: variety, modifiers, discounts, payments as tendered', () => {
    const product = {
      _id: P,
      name: 'Shirt',
      selling_price: 7000,
      varieties: [{ _id: V, name: 'L', selling_price: 7500 }],
    } as Product;
    let cart = addItem(emptyCart(STORE), {
      product,
      variety_id: V,
      modifiers: [{ _id: M, name: 'Gift wrap', selling_price: 500 }],
    });
    cart = setLineDiscount(cart, cart.lines[0]!.key, { discount_type: 'percentage', discount: 10 });
    cart = setOrderDiscount(cart, { discount_type: 'amount', discount: 200 });
    const body = saleBody(
      ID,
      { ...cart, note: '  ' },
      [
        { method: 'fixed_account', amount: 5000 },
        { method: 'cash', amount: 0 },
        { method: 'cash', amount: 5000 },
      ],
      false,
    );
    expect(body).toEqual({
      _id: ID,
      store_id: STORE,
      customer_id: null,
      items: [
        {
          _id: P,
          variety_id: V,
          quantity: 1,
          modifiers: [{ _id: M }],
          discount_type: 'percentage',
          discount: 10,
        },
      ],
      discount_type: 'amount',
      discount: 200,
      payments: [
        { method: 'fixed_account', amount: 5000 },
        { method: 'cash', amount: 5000 },
      ],
      note: undefined,
      pay_later: undefined,
    });
    expect(createSaleBody.safeParse(body).success).toBe(true);
  });

  it('sends the price the cashier set as the line price (naira, without modifiers), else none', () => {
    const product = { _id: P, name: 'Rice 5kg', selling_price: 9500, varieties: [] } as unknown as Product;
    const other = { _id: V, name: 'Beans', selling_price: 1200, varieties: [] } as unknown as Product;
    let cart = addItem(emptyCart(STORE), {
      product,
      quantity: 2,
      modifiers: [{ _id: M, name: 'Bag', selling_price: 100 }],
    });
    cart = addItem(cart, { product: other });
    cart = setLinePrice(cart, cart.lines[0]!.key, 9000.5);
    cart = setLinePrice(cart, cart.lines[1]!.key, 1200); // the catalogue price: not a change
    const body = saleBody(ID, cart, [{ method: 'cash', amount: 19401 }], false);
    expect(body.items[0]).toEqual({
      _id: P,
      variety_id: null,
      quantity: 2,
      price: 9000.5,
      modifiers: [{ _id: M }],
      discount_type: null,
      discount: null,
    });
    expect(body.items[1]).not.toHaveProperty('price');
    expect(createSaleBody.safeParse(body).success).toBe(true);
  });
});

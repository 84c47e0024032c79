import type { CreateSaleBody } from '@ms/contracts';
import { isPriceChanged, linePrice, type Cart } from './cart';
import type { PaymentLine } from './payment';

/**
 * The body of POST /v2/business/{b}/sales for a cart. Prices are left to the catalogue unless the
 * cashier changed a line's price (sent as `price`, naira, without modifiers: the server adds the
 * modifiers' prices and checks pos.discounts); discounts as entered; payments as tendered (the server works out the
 * change from the cash, with the same math as the screen).
 */
export const saleBody = (
  saleId: string,
  cart: Cart,
  payments: PaymentLine[],
  payLater: boolean,
  /** The sales agent's code, when the store's till asks for one. */
  salesAgentCode?: string,
): CreateSaleBody => ({
  _id: saleId,
  store_id: cart.store_id ?? '',
  customer_id: cart.customer?._id ?? null,
  items: cart.lines.map((l) => ({
    _id: l.product_id,
    variety_id: l.variety_id,
    quantity: l.quantity,
    ...(isPriceChanged(l) ? { price: linePrice(l) } : {}),
    modifiers: l.modifiers.map((m) => ({ _id: m._id })),
    discount_type: l.discount?.discount_type ?? null,
    discount: l.discount?.discount ?? null,
  })),
  discount_type: cart.discount?.discount_type ?? null,
  discount: cart.discount?.discount ?? null,
  payments: payments
    .filter((p) => p.amount > 0)
    .map((p) =>
      p.points
        ? { method: p.method, amount: p.amount, points: p.points }
        : { method: p.method, amount: p.amount },
    ),
  note: cart.note.trim() || undefined,
  pay_later: payLater || undefined,
  ...(salesAgentCode ? { sales_agent_code: salesAgentCode } : {}),
});

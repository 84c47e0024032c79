import { DEFAULT_TIME_ZONE, formatKobo, saleMadeAt, toKobo, type Sale } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { HttpError, badRequest } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { saleDetail } from './sale-reads.service.js';

/** The receipt as plain text (also the body of the e-mail). */
export const receiptText = (businessName: string, sale: Sale, timeZone = DEFAULT_TIME_ZONE): string => {
  const money = (n: number) => formatKobo(toKobo(n));
  const out: string[] = [businessName, sale.store_name, `Receipt ${sale.receipt_number}`];
  out.push(`Date: ${new Date(saleMadeAt(sale)).toLocaleString('en-NG', { timeZone })}`);
  if (sale.cashier_name) out.push(`Cashier: ${sale.cashier_name}`);
  if (sale.customer_name) out.push(`Customer: ${sale.customer_name}`);
  out.push('');
  for (const l of sale.items) {
    out.push(`${l.quantity} x ${l.name} @ ${money(l.price)}  ${money(l.total)}`);
    for (const m of l.modifiers) out.push(`   + ${m.name} ${money(m.selling_price)}`);
    if (l.discount_amount > 0) out.push(`   Discount -${money(l.discount_amount)}`);
  }
  out.push('');
  out.push(`Subtotal: ${money(sale.subtotal)}`);
  if (sale.order_discount_amount > 0) out.push(`Discount: -${money(sale.order_discount_amount)}`);
  out.push(`Total: ${money(sale.total)}`);
  for (const p of sale.payments) out.push(`Paid (${p.method_label}): ${money(p.amount)}`);
  if (sale.change_due > 0) out.push(`Change: ${money(sale.change_due)}`);
  if (sale.balance > 0) out.push(`Still owed: ${money(sale.balance)}`);
  if (sale.refunded_total > 0) out.push(`Refunded: ${money(sale.refunded_total)}`);
  if (sale.note) out.push('', `Note: ${sale.note}`);
  out.push('', 'Thank you for your patronage.');
  return out.join('\n');
};

export const sendReceipt = async (
  deps: Pick<Deps, 'db' | 'notifications'>,
  auth: AuthContext,
  saleId: string,
  email?: string,
): Promise<{ sent_to: string }> => {
  const sale = await saleDetail(deps.db, auth, saleId);
  let to = email;
  if (!to && sale.customer_id) {
    const c = await deps.db
      .selectFrom('customers')
      .select('email')
      .where('business_id', '=', auth.businessId)
      .where('id', '=', sale.customer_id)
      .executeTakeFirst();
    to = c?.email ?? undefined;
  }
  if (!to) throw badRequest('email is required: this sale has no customer e-mail.');
  const business = await deps.db
    .selectFrom('businesses')
    .select(['name', 'timezone'])
    .where('id', '=', auth.businessId)
    .executeTakeFirst();
  const businessName = business?.name ?? 'Your shop';
  try {
    await deps.notifications.send({
      channel: 'email',
      to,
      subject: `Your receipt ${sale.receipt_number} from ${businessName}`,
      body: receiptText(businessName, sale, business?.timezone),
      kind: 'sale_receipt',
      businessId: auth.businessId,
      meta: { sale_id: sale.id, receipt_number: sale.receipt_number, total: sale.total },
    });
  } catch {
    throw new HttpError(503, 'The receipt could not be sent right now. Try again in a moment.');
  }
  return { sent_to: to };
};

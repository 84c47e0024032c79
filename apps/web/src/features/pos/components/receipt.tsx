import { createPortal } from 'react-dom';
import { formatMoney, type Sale } from '@ms/contracts';
import { saleTime } from '@/lib/date-time';

export const PAPERS = [
  { value: '58', label: '58 mm' },
  { value: '80', label: '80 mm' },
  { value: 'a4', label: 'A4' },
] as const;
export type Paper = (typeof PAPERS)[number]['value'];

const WIDTH: Record<Paper, string> = { '58': '48mm', '80': '72mm', a4: '180mm' };
const FONT: Record<Paper, string> = { '58': '10px', '80': '12px', a4: '13px' };

/** The print stylesheet: only the receipt prints, sized for the chosen paper. */
export const receiptPrintCss = (paper: Paper): string => `
@media screen { .ms-receipt-print-root { display: none; } }
@media print {
  @page { size: ${paper === 'a4' ? 'A4 portrait' : `${paper}mm auto`}; margin: ${paper === 'a4' ? '15mm' : '2mm'}; }
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body > *:not(.ms-receipt-print-root) { display: none !important; }
  .ms-receipt-print-root { display: block; }
}`;

type Props = { sale: Sale; businessName: string; paper: Paper; changeDue?: number };

/** The receipt as text a till printer prints well: monospace-free, narrow, black on white. */
export const ReceiptBody = ({ sale, businessName, paper, changeDue }: Props) => {
  const row = { display: 'flex', justifyContent: 'space-between', gap: 8 } as const;
  const change = changeDue ?? sale.change_due;
  const firstCash = sale.payments.find((p) => p.method === 'cash')?._id;
  return (
    <div
      data-testid="receipt"
      style={{
        width: WIDTH[paper],
        maxWidth: '100%',
        fontSize: FONT[paper],
        fontFamily: 'Arial, Helvetica, sans-serif',
        color: '#000',
        background: '#fff',
        lineHeight: 1.35,
      }}
    >
      <div style={{ textAlign: 'center', fontWeight: 700, fontSize: '1.25em' }}>{businessName}</div>
      <div style={{ textAlign: 'center' }}>{sale.store_name}</div>
      <div style={{ textAlign: 'center', margin: '4px 0' }}>
        Receipt {sale.receipt_number}
        <br />
        {/* The business's time zone, like every other figure of the business, whatever the device's. */}
        {saleTime(sale)}
        {sale.cashier_name ? (
          <>
            <br />
            Served by {sale.cashier_name}
          </>
        ) : null}
        {sale.customer_name ? (
          <>
            <br />
            Customer: {sale.customer_name}
          </>
        ) : null}
      </div>
      <hr style={{ border: 0, borderTop: '1px dashed #000' }} />
      {sale.items.map((l) => (
        <div key={l._id} style={{ marginBottom: 4 }}>
          <div style={row}>
            <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {l.quantity} × {l.name}
            </span>
            <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(l.total)}</span>
          </div>
          {/* The unit price sold at (the cashier may have changed it from the catalogue's). */}
          <div style={{ paddingLeft: 8 }}>@ {formatMoney(l.price)}</div>
          {l.modifiers.length > 0 && (
            <div style={{ paddingLeft: 8 }}>
              + {l.modifiers.map((m) => `${m.name} (${formatMoney(m.selling_price)})`).join(', ')}
            </div>
          )}
          {l.discount_amount > 0 && (
            <div style={{ paddingLeft: 8 }}>
              Discount {l.discount_type === 'percentage' ? `${l.discount}%` : ''} −
              {formatMoney(l.discount_amount)}
            </div>
          )}
        </div>
      ))}
      <hr style={{ border: 0, borderTop: '1px dashed #000' }} />
      <div style={row}>
        <span>Subtotal</span>
        <span>{formatMoney(sale.subtotal)}</span>
      </div>
      {sale.order_discount_amount > 0 && (
        <div style={row}>
          <span>
            Order discount{sale.order_discount_type === 'percentage' ? ` ${sale.order_discount}%` : ''}
          </span>
          <span>−{formatMoney(sale.order_discount_amount)}</span>
        </div>
      )}
      <div style={{ ...row, fontWeight: 700, fontSize: '1.15em' }}>
        <span>Total</span>
        <span>{formatMoney(sale.total)}</span>
      </div>
      {sale.payments.map((p) => {
        // Cash shows what was handed over: what stayed in the drawer plus the change.
        const tendered = p._id === firstCash ? Math.round((p.amount + change) * 100) / 100 : p.amount;
        return (
          <div key={p._id} style={row}>
            <span>{p._id === firstCash && change > 0 ? 'Cash tendered' : p.method_label}</span>
            <span>{formatMoney(tendered)}</span>
          </div>
        );
      })}
      {change > 0 && (
        <div style={row}>
          <span>Change</span>
          <span>{formatMoney(change)}</span>
        </div>
      )}
      {sale.balance > 0 && (
        <div style={{ ...row, fontWeight: 700 }}>
          <span>Balance to pay</span>
          <span>{formatMoney(sale.balance)}</span>
        </div>
      )}
      {sale.note && <div style={{ marginTop: 4 }}>Note: {sale.note}</div>}
      <div style={{ textAlign: 'center', marginTop: 8 }}>Thank you for your patronage</div>
    </div>
  );
};

/** A copy of the receipt at the top of <body>, the only thing that prints. */
export const ReceiptPrintRoot = (props: Props) =>
  createPortal(
    <div className="ms-receipt-print-root">
      <style>{receiptPrintCss(props.paper)}</style>
      <ReceiptBody {...props} />
    </div>,
    document.body,
  );

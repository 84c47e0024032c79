import { toCsv, type ReceivedPayment } from '@ms/contracts';
import { saveFile } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date-time';

const KINDS: Record<ReceivedPayment['kind'], string> = {
  sale_payment: 'Sale payment',
  refund: 'Refund',
  transfer: 'Transfer',
};

/** The payment log as a spreadsheet (times in the business's zone; formulas defused by toCsv). */
export const paymentsCsv = (
  payments: readonly ReceivedPayment[],
  storeName: (id: string) => string,
): string =>
  toCsv(
    ['Received', 'Kind', 'Receipt', 'Store', 'Method', 'Payer', 'Reference', 'Amount', 'Fee'],
    payments.map((p) => [
      formatDateTime(p.received_at),
      KINDS[p.kind],
      p.receipt_number,
      storeName(p.store_id),
      p.method_label,
      p.payer_name,
      p.reference,
      // Numbers, not text: a refund's minus sign stays a number in a spreadsheet.
      p.amount,
      p.fee,
    ]),
  );

export const downloadPaymentsCsv = (
  payments: readonly ReceivedPayment[],
  storeName: (id: string) => string,
  range: { from: string; to: string },
) =>
  saveFile(
    new Blob(['\uFEFF', paymentsCsv(payments, storeName)], { type: 'text/csv;charset=utf-8' }),
    `payments_${range.from}_${range.to}.csv`,
  );

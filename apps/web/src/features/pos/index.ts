/** What other features use from the POS: the receipt (print 58 mm / 80 mm / A4, e-mail). */
export { ReceiptView } from './components/receipt-view';
export { ReceiptBody, ReceiptPrintRoot, PAPERS, type Paper } from './components/receipt';

/** What other features use from invoices: the dashboard's invoice log. */
export { InvoiceLogCard } from './components/invoice-log-card';

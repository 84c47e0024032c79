import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowBackUp, IconCash, IconReceipt } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { formatMoney, type RefundDestination, type Sale } from '@ms/contracts';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError } from '@/components/ui/query-states';
import { hasPermission, useSession } from '@/lib/session-store';
import { ReceiptView } from '@/features/pos';
import { useCustomer } from '@/features/customers';
import { useConfirmTransferByHand } from '@/features/fixed-accounts';
import { SalesAgentName } from '@/features/sales-agents';
import { useSale } from '../api/sales';
import { PaymentDialog } from '../components/payment-dialog';
import { RefundDialog } from '../components/refund-dialog';
import { formatDateTime, saleTime } from '@/lib/date-time';
import { SaleStatusBadge } from '../components/sale-status-badge';
import { canRefund } from '../lib/refund';

const BACK = { to: '/sales-history', label: 'Sales history' };
const REFUND_TO: Record<RefundDestination, string> = {
  cash: 'Cash',
  original: 'The way it was paid',
  store_credit: 'Store credit',
};

const Row = ({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) => (
  <Group justify="space-between" gap="sm" wrap="nowrap">
    <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
      {label}
    </Text>
    <Text size="sm" fw={strong ? 700 : 500} ta="right">
      {children}
    </Text>
  </Group>
);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder radius="md" p="md">
    <Title order={2} size="h4" mb="sm">
      {title}
    </Title>
    {children}
  </Paper>
);

const Lines = ({ sale }: { sale: Sale }) => (
  <Stack gap="sm" data-testid="sale-lines">
    {sale.items.map((l) => (
      <div key={l._id}>
        <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{l.name}</Text>
            <Text size="sm" c="dimmed">
              {l.quantity} × {formatMoney(l.price)}
            </Text>
            {l.modifiers.map((m) => (
              <Text key={m._id} size="sm" c="dimmed">
                + {m.name} {formatMoney(m.selling_price)}
              </Text>
            ))}
            {l.discount_amount > 0 && (
              <Text size="sm" c="orange.9">
                Discount {l.discount_type === 'percentage' ? `${l.discount}% ` : ''}−
                {formatMoney(l.discount_amount)}
              </Text>
            )}
            {l.refunded_quantity > 0 && (
              <Text size="sm" c="grape.8" fw={600}>
                {l.refunded_quantity} refunded
              </Text>
            )}
          </div>
          <Text fw={600}>{formatMoney(l.total)}</Text>
        </Group>
      </div>
    ))}
  </Stack>
);

/** The POS receipt (print 58/80 mm/A4, e-mail), the e-mail field filled with the customer's address when known. */
const ReissueReceipt = ({ sale }: { sale: Sale }) => {
  const session = useSession();
  const customerId = sale.customer_id && hasPermission(session, 'customers.view') ? sale.customer_id : '';
  const customer = useCustomer(customerId);
  if (customerId && customer.isPending) return <Skeleton h={320} radius="md" />;
  return <ReceiptView sale={sale} customerEmail={customer.data?.email ?? null} />;
};

/** /sales-history/:id and /sales-details/:id: one sale with its lines, payments and refunds, and what can be done with it. */
const SaleDetailsPage = () => {
  const { id = '' } = useParams();
  const session = useSession();
  const query = useSale(id);
  const [dialog, setDialog] = useState<'receipt' | 'refund' | 'pay' | null>(null);
  const canReissue =
    hasPermission(session, 'sales_history.reissue_receipts') || hasPermission(session, 'pos.make_sale');
  const canSell = hasPermission(session, 'pos.make_sale');
  const canConfirmTransfers = hasPermission(session, 'transactions.manage_payments');
  const confirmTransfer = useConfirmTransferByHand();
  const refetch = query.refetch;

  if (!hasPermission(session, 'sales_history.view') && !canSell)
    return (
      <Stack maw={720} mx="auto">
        <PageHeader title="Sale" back={BACK} />
        <Alert color="yellow" title="You cannot see sales">
          Your role does not include the sales history. Ask your admin for the “View sales history”
          permission.
        </Alert>
      </Stack>
    );
  if (query.isPending)
    return (
      <Stack maw={960} mx="auto">
        <PageHeader title="Sale" back={BACK} />
        <Skeleton h={120} radius="md" />
        <Skeleton h={220} radius="md" />
      </Stack>
    );
  if (query.isError)
    return (
      <Stack maw={720} mx="auto">
        <PageHeader title="Sale" back={BACK} />
        <LoadError what="this sale" error={query.error} onRetry={() => void query.refetch()}>
          <Button size="xs" variant="white" component={Link} to="/sales-history">
            Back to sales history
          </Button>
        </LoadError>
      </Stack>
    );

  const sale = query.data;
  const owes = sale.balance > 0;
  return (
    <Stack maw={960} mx="auto" gap="md">
      <PageHeader
        title={`Sale ${sale.receipt_number}`}
        description={`${saleTime(sale)} · ${sale.store_name}`}
        back={BACK}
        actions={
          <>
            {canReissue && (
              <Button
                variant="default"
                leftSection={<IconReceipt size={18} />}
                onClick={() => setDialog('receipt')}
              >
                Re-issue receipt
              </Button>
            )}
            {canSell && owes && (
              <Button leftSection={<IconCash size={18} />} onClick={() => setDialog('pay')}>
                Record payment
              </Button>
            )}
            {canSell && canRefund(sale) && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconArrowBackUp size={18} />}
                onClick={() => setDialog('refund')}
              >
                Refund
              </Button>
            )}
          </>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Summary">
          <Stack gap={6}>
            <Row label="Status">
              <SaleStatusBadge status={sale.status} />
            </Row>
            <Row label="Customer">
              {sale.customer_id ? (
                <Anchor component={Link} to={`/customer-details?id=${sale.customer_id}`}>
                  {sale.customer_name ?? 'Customer'}
                </Anchor>
              ) : (
                'Walk-in'
              )}
            </Row>
            <Row label="Cashier">{sale.cashier_name ?? '—'}</Row>
            {sale.sales_agent_code && (
              <Row label="Sales agent">
                <SalesAgentName code={sale.sales_agent_code} />
              </Row>
            )}
            <Row label="Store">{sale.store_name}</Row>
            <Row label="Time">{saleTime(sale)}</Row>
            {sale.note && <Row label="Note">{sale.note}</Row>}
            <Divider my={4} />
            <Row label="Subtotal">{formatMoney(sale.subtotal)}</Row>
            {sale.discount_total > 0 && <Row label="Discounts">−{formatMoney(sale.discount_total)}</Row>}
            <Row label="Total" strong>
              <span data-testid="sale-total">{formatMoney(sale.total)}</span>
            </Row>
            <Row label="Paid">{formatMoney(sale.amount_paid)}</Row>
            {sale.change_due > 0 && <Row label="Change">{formatMoney(sale.change_due)}</Row>}
            {owes && (
              <Row label="Still owed" strong>
                <Text component="span" c="red.8" fw={700} data-testid="sale-balance">
                  {formatMoney(sale.balance)}
                </Text>
              </Row>
            )}
            {sale.refunded_total > 0 && <Row label="Refunded">{formatMoney(sale.refunded_total)}</Row>}
            {sale.points_earned > 0 && <Row label="Points earned">{sale.points_earned}</Row>}
          </Stack>
        </Section>
        <Section title={`Items (${sale.items_count})`}>
          <Lines sale={sale} />
          {sale.order_discount_amount > 0 && (
            <Text size="sm" c="orange.9" mt="sm">
              Order discount −{formatMoney(sale.order_discount_amount)}
            </Text>
          )}
        </Section>
        <Section title="Payments">
          {sale.payments.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing paid yet. {canSell ? 'Use Record payment when the customer pays.' : ''}
            </Text>
          ) : (
            <Stack gap={6} data-testid="sale-payments">
              {sale.payments.map((p) => (
                <Stack key={p._id} gap={4}>
                  <Row label={`${p.method_label} · ${formatDateTime(p.created_at)}`}>
                    {formatMoney(p.amount)}
                    {p.points ? ` (${p.points} points)` : ''}
                  </Row>
                  {p.awaiting_transfer && (
                    <Group justify="space-between" gap="xs">
                      <Badge color="blue" variant="light" data-testid="awaiting-transfer">
                        Awaiting transfer
                      </Badge>
                      {canConfirmTransfers && (
                        <Button
                          size="compact-xs"
                          variant="default"
                          loading={confirmTransfer.isPending}
                          onClick={() =>
                            confirmTransfer.mutate(
                              { saleId: sale._id, paymentId: p._id },
                              { onSuccess: () => void refetch() },
                            )
                          }
                        >
                          Confirm received
                        </Button>
                      )}
                    </Group>
                  )}
                </Stack>
              ))}
            </Stack>
          )}
        </Section>
        <Section title="Refunds">
          {sale.refunds.length === 0 ? (
            <Text size="sm" c="dimmed">
              No refunds on this sale.
            </Text>
          ) : (
            <Stack gap="sm" data-testid="sale-refunds">
              {sale.refunds.map((r) => (
                <div key={r._id}>
                  <Row label={`${REFUND_TO[r.to]} · ${formatDateTime(r.created_at)}`} strong>
                    {formatMoney(r.amount)}
                  </Row>
                  {r.lines.map((l) => (
                    <Text key={l.sale_line_id} size="sm" c="dimmed">
                      {l.quantity} × {l.name} ({formatMoney(l.amount)})
                    </Text>
                  ))}
                  <Text size="xs" c="dimmed">
                    {[r.user_name && `By ${r.user_name}`, r.reason].filter(Boolean).join(' · ')}
                  </Text>
                </div>
              ))}
            </Stack>
          )}
        </Section>
      </SimpleGrid>

      <Modal opened={dialog === 'receipt'} onClose={() => setDialog(null)} title="Re-issue receipt" size="lg">
        {dialog === 'receipt' && <ReissueReceipt sale={sale} />}
      </Modal>
      {dialog === 'refund' && <RefundDialog sale={sale} opened onClose={() => setDialog(null)} />}
      {dialog === 'pay' && <PaymentDialog sale={sale} opened onClose={() => setDialog(null)} />}
    </Stack>
  );
};

export default SaleDetailsPage;

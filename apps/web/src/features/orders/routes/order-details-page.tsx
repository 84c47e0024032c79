import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  CopyButton,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconBrandWhatsapp,
  IconCash,
  IconCheck,
  IconCopy,
  IconExternalLink,
  IconPhone,
  IconPlus,
} from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  formatMoney,
  nextOrderStatuses,
  ORDER_PAY_METHOD_LABELS,
  ORDER_PAYMENT_METHOD_LABELS,
  ORDER_STATUS_LABELS,
  orderStepRefusal,
  toKobo,
  type Order,
  type OrderStatus,
} from '@ms/contracts';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError, Loading, NotAllowed, NotFound } from '@/components/ui/query-states';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date-time';
import { addOrderPaymentPath, paths, saleDetailsPath } from '@/lib/route-paths';
import { hasPermission, useSession } from '@/lib/session-store';
import { fullUrl, useCanSeeOrders, useOrder, useOrderPayInstructions } from '../api/orders';
import { AddFeeDialog, StepDialog } from '../components/order-dialogs';
import {
  ORDER_STATUS_COLORS,
  OrderStatusBadge,
  PaymentStatusBadge,
  showPayment,
  STEP_LABELS,
} from '../components/order-status';

const BACK = { to: paths.Orders, label: 'Orders' };

const Row = ({
  label,
  value,
  strong,
  color,
  testId,
}: {
  label: string;
  value: ReactNode;
  strong?: boolean;
  color?: string;
  testId?: string;
}) => (
  <Group justify="space-between" wrap="nowrap" gap="sm">
    <Text c={color ?? (strong ? undefined : 'dimmed')} fw={strong ? 700 : undefined}>
      {label}
    </Text>
    <Text fw={strong ? 700 : 500} c={color} ta="right" data-testid={testId}>
      {value}
    </Text>
  </Group>
);

/** A Nigerian phone number as WhatsApp wants it (234…), or null when it does not look like one. */
const whatsAppNumber = (phone: string): string | null => {
  const digits = phone.replace(/\D/g, '');
  if (/^0\d{10}$/.test(digits)) return `234${digits.slice(1)}`;
  if (/^234\d{10}$/.test(digits)) return digits;
  return null;
};

const Shopper = ({ order }: { order: Order }) => {
  const wa = whatsAppNumber(order.shopper_phone);
  return (
    <Card withBorder>
      <Stack gap={6}>
        <Text fw={600}>Shopper</Text>
        <Text size="lg" fw={600}>
          {order.shopper_name}
        </Text>
        <Group gap="xs">
          <Button
            component="a"
            href={`tel:${order.shopper_phone}`}
            variant="light"
            size="sm"
            leftSection={<IconPhone size={16} />}
          >
            {order.shopper_phone}
          </Button>
          {wa && (
            <Button
              component="a"
              href={`https://wa.me/${wa}`}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              color="green"
              size="sm"
              leftSection={<IconBrandWhatsapp size={16} />}
            >
              WhatsApp
            </Button>
          )}
        </Group>
        {order.shopper_email && (
          <Anchor href={`mailto:${order.shopper_email}`} size="sm">
            {order.shopper_email}
          </Anchor>
        )}
        <Divider my={4} />
        {order.fulfilment === 'pickup' ? (
          <Text size="sm">
            <Text span fw={600}>
              Pickup
            </Text>{' '}
            at {order.store_name}
          </Text>
        ) : (
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              Deliver to{order.delivery_zone ? ` (${order.delivery_zone})` : ''}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {order.delivery_address ?? '—'}
            </Text>
          </Stack>
        )}
        <Text size="sm" c="dimmed">
          Chose to pay: {ORDER_PAY_METHOD_LABELS[order.payment_method]}
        </Text>
        {order.note && (
          <Alert color="blue" variant="light" p="xs" title="Shopper's note">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {order.note}
            </Text>
          </Alert>
        )}
      </Stack>
    </Card>
  );
};

const STOCK_TEXT: Record<Order['stock_state'], (o: Order) => string> = {
  held: (o) => `The items are set aside in ${o.store_name} for this order.`,
  gone: () => 'The items have left the store.',
  released: () => 'The items went back on sale.',
};

const Items = ({ order }: { order: Order }) => {
  const phone = useMediaQuery('(max-width: 30em)');
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Text fw={600}>Items</Text>
        {phone ? (
          <Stack gap={6}>
            {order.items.map((l) => (
              <Group
                key={l._id}
                justify="space-between"
                wrap="nowrap"
                align="flex-start"
                data-testid="order-line"
              >
                <div style={{ minWidth: 0 }}>
                  <Text size="sm">{l.name}</Text>
                  <Text size="xs" c="dimmed">
                    {l.quantity} × {formatMoney(l.price)}
                  </Text>
                </div>
                <Text size="sm" fw={500}>
                  {formatMoney(l.total)}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.items.map((l) => (
                <Table.Tr key={l._id} data-testid="order-line">
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td ta="right">{l.quantity}</Table.Td>
                  <Table.Td ta="right">{formatMoney(l.price)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(l.total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {order.fees.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              Fees
            </Text>
            {order.fees.map((f) => (
              <Row key={f._id} label={f.name} value={formatMoney(f.amount)} />
            ))}
          </Stack>
        )}
        <Text size="xs" c="dimmed">
          {STOCK_TEXT[order.stock_state](order)}
        </Text>
      </Stack>
    </Card>
  );
};

const Totals = ({ order }: { order: Order }) => (
  <Card withBorder>
    <Stack gap={4}>
      <Text fw={600}>Money</Text>
      <Row label="Subtotal" value={formatMoney(order.subtotal)} />
      <Row label="Fees" value={formatMoney(order.fee_total)} />
      <Row label="Total" value={formatMoney(order.total)} strong testId="order-total" />
      <Row label="Paid" value={formatMoney(order.amount_paid)} testId="order-paid" />
      <Row
        label="Balance to pay"
        value={formatMoney(order.balance)}
        strong
        color={order.balance > 0 ? 'orange.8' : undefined}
        testId="order-balance"
      />
      {order.refund_due > 0 && (
        <>
          <Row
            label="Refund due"
            value={formatMoney(order.refund_due)}
            strong
            color="red"
            testId="order-refund"
          />
          <Text size="sm" c="red">
            {order.status === 'cancelled'
              ? 'Money was received for this cancelled order. You must refund it to the shopper.'
              : 'The shopper paid more than the order costs. You must refund the extra to them.'}
          </Text>
        </>
      )}
    </Stack>
  </Card>
);

const PayByTransfer = ({ order }: { order: Order }) => {
  const pay = useOrderPayInstructions(order._id, true);
  return (
    <Card withBorder>
      <Stack gap={4} data-testid="order-pay-account">
        <Text fw={600}>Pay by transfer</Text>
        <Text size="sm" c="dimmed">
          This order has its own account number. Give it to the shopper: their transfer shows here by itself.
        </Text>
        {pay.isLoading && <Text size="sm">Getting the account…</Text>}
        {pay.error && <Alert color="red">{pay.error.message}</Alert>}
        {pay.data && (
          <>
            <Row label="Bank" value={pay.data.bank_name} />
            <Row
              label="Account number"
              value={
                <CopyButton value={pay.data.account_number}>
                  {({ copied, copy }) => (
                    <Anchor
                      component="button"
                      onClick={copy}
                      fw={700}
                      size="lg"
                      aria-label={`Copy account number ${pay.data.account_number}`}
                    >
                      <Group gap={4} wrap="nowrap" component="span">
                        {pay.data.account_number}
                        {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                      </Group>
                    </Anchor>
                  )}
                </CopyButton>
              }
            />
            <Row label="Account name" value={pay.data.account_name} />
            <Row label="Amount" value={formatMoney(pay.data.amount)} strong />
          </>
        )}
      </Stack>
    </Card>
  );
};

const Payments = ({ order }: { order: Order }) => (
  <Card withBorder>
    <Stack gap="xs">
      <Text fw={600}>Payments</Text>
      {order.payments.length === 0 && (
        <Text size="sm" c="dimmed">
          No payment yet.
        </Text>
      )}
      {order.payments.map((p) => (
        <Group
          key={p._id}
          justify="space-between"
          wrap="nowrap"
          align="flex-start"
          data-testid="order-payment"
        >
          <div style={{ minWidth: 0 }}>
            <Text size="sm">
              {p.source === 'rail'
                ? "Bank transfer to the order's account"
                : ORDER_PAYMENT_METHOD_LABELS[p.method]}
              {p.payer_name ? ` from ${p.payer_name}` : ''}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(p.paid_at)}
              {p.reference ? ` · ${p.reference}` : ''}
              {p.recorded_by_name ? ` · recorded by ${p.recorded_by_name}` : ''}
            </Text>
          </div>
          <Text fw={600}>{formatMoney(p.amount)}</Text>
        </Group>
      ))}
    </Stack>
  </Card>
);

const History = ({ order }: { order: Order }) => (
  <Card withBorder>
    <Stack gap="xs">
      <Text fw={600}>History</Text>
      <Stack gap={0} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {order.history.map((h, i) => {
          const last = i === order.history.length - 1;
          return (
            <Group
              key={`${h.at}-${i}`}
              component="li"
              wrap="nowrap"
              align="stretch"
              gap="sm"
              data-testid="order-event"
            >
              <Stack gap={0} align="center" w={14} style={{ flex: 'none' }}>
                <Box
                  w={12}
                  h={12}
                  mt={6}
                  bg={last ? `${ORDER_STATUS_COLORS[h.status]}.6` : 'gray.4'}
                  style={{ borderRadius: '50%', flex: 'none' }}
                />
                {!last && <Box w={2} bg="gray.3" style={{ flex: 1 }} />}
              </Stack>
              <Stack gap={0} pb={last ? 0 : 'sm'} style={{ minWidth: 0 }}>
                <Text fw={600}>{ORDER_STATUS_LABELS[h.status]}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(h.at)}
                  {h.by_name ? ` · ${h.by_name}` : ''}
                </Text>
                {h.note && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {h.note}
                  </Text>
                )}
              </Stack>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  </Card>
);

const FollowLink = ({ order }: { order: Order }) => {
  const link = fullUrl(order.link);
  const wa = whatsAppNumber(order.shopper_phone);
  const text = encodeURIComponent(`Follow your order ${order.number} here: ${link}`);
  return (
    <Card withBorder>
      <Stack gap="xs">
        <div>
          <Text fw={600}>Shopper's order page</Text>
          <Text size="sm" c="dimmed">
            The shopper follows the order here. Send it if they lost it.
          </Text>
        </div>
        <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid="order-link">
          {link}
        </Text>
        <Group gap="xs">
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
          <Button
            component="a"
            href={wa ? `https://wa.me/${wa}?text=${text}` : `https://wa.me/?text=${text}`}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            color="green"
            leftSection={<IconBrandWhatsapp size={16} />}
          >
            Send on WhatsApp
          </Button>
          <Button
            component="a"
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            leftSection={<IconExternalLink size={16} />}
          >
            Open
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};

type Dialog = null | 'fee' | { step: OrderStatus };

/** The buttons of what can be done next; a step the rules refuse says why instead. */
const Actions = ({ order, onOpen }: { order: Order; onOpen: (d: Dialog) => void }) => {
  const session = useSession();
  const navigate = useNavigate();
  const manage = hasPermission(session, 'online_store.manage_orders');
  const fees = hasPermission(session, 'online_store.shipping_fees');
  const open = order.status !== 'delivered' && order.status !== 'cancelled';
  const steps = manage ? nextOrderStatuses(order.status, order.fulfilment) : [];
  const balanceKobo = toKobo(order.balance);
  const forward = steps.filter((s) => s !== 'cancelled');
  const refusals = forward
    .map((s) => ({
      s,
      why: orderStepRefusal(order.status, s, { fulfilment: order.fulfilment, balanceKobo }),
    }))
    .filter((r) => r.why);
  const canPay = manage && open && order.balance > 0;
  const canFee = fees && open;
  if (!steps.length && !canPay && !canFee) return null;
  return (
    <Card withBorder data-testid="order-actions">
      <Stack gap="xs">
        <Group gap="sm">
          {forward.map((s) => (
            <Button
              key={s}
              size="md"
              onClick={() => onOpen({ step: s })}
              disabled={refusals.some((r) => r.s === s)}
            >
              {STEP_LABELS[s]}
            </Button>
          ))}
          {canPay && (
            <Button
              size="md"
              variant={forward.length ? 'light' : 'filled'}
              leftSection={<IconCash size={18} />}
              onClick={() => navigate(addOrderPaymentPath(order._id))}
            >
              Record payment
            </Button>
          )}
          {canFee && (
            <Button
              size="md"
              variant="default"
              leftSection={<IconPlus size={18} />}
              onClick={() => onOpen('fee')}
            >
              Add fee
            </Button>
          )}
          {steps.includes('cancelled') && (
            <Button size="md" variant="subtle" color="red" onClick={() => onOpen({ step: 'cancelled' })}>
              {STEP_LABELS.cancelled}
            </Button>
          )}
        </Group>
        {refusals.map((r) => (
          <Text key={r.s} size="sm" c="orange.8">
            {r.why}
          </Text>
        ))}
      </Stack>
    </Card>
  );
};

/** /order-details/{id}: one online order — who, what, the money, and the next step. */
const OrderDetailsPage = () => {
  const allowed = useCanSeeOrders();
  const session = useSession();
  const { id = '' } = useParams();
  const found = useOrder(id);
  const [dialog, setDialog] = useState<Dialog>(null);

  if (!allowed)
    return (
      <Stack maw={960} mx="auto">
        <PageHeader title="Order" back={BACK} />
        <NotAllowed what="see online orders" />
      </Stack>
    );
  const order = found.data;
  if (!order)
    return (
      <Stack maw={960} mx="auto">
        <PageHeader title="Order" back={BACK} />
        {found.error instanceof ApiError && found.error.status === 404 ? (
          <NotFound title="Order not found">
            It may belong to another business, or the link is wrong.
          </NotFound>
        ) : found.isError ? (
          <LoadError what="the order" error={found.error} onRetry={() => void found.refetch()} />
        ) : (
          <Loading label="Loading the order…" />
        )}
      </Stack>
    );

  const saleLink =
    order.sale_id && hasPermission(session, 'sales_history.view') ? saleDetailsPath(order.sale_id) : null;

  return (
    <Stack maw={960} mx="auto" gap="md">
      <PageHeader
        title={
          <Group gap="sm">
            <span>Order {order.number}</span>
            <OrderStatusBadge status={order.status} />
            {showPayment(order) && <PaymentStatusBadge status={order.payment_status} />}
          </Group>
        }
        description={`${formatDateTime(order.created_at)} · ${order.store_name}`}
        back={BACK}
      />
      <Actions order={order} onOpen={setDialog} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Shopper order={order} />
        <Totals order={order} />
      </SimpleGrid>
      <Items order={order} />
      {order.balance > 0 && order.status !== 'cancelled' && <PayByTransfer order={order} />}
      <Payments order={order} />
      {saleLink && (
        <Anchor component={Link} to={saleLink}>
          This order is now a sale: see it in the sales history
        </Anchor>
      )}
      <History order={order} />
      <FollowLink order={order} />
      {dialog === 'fee' && <AddFeeDialog order={order} opened onClose={() => setDialog(null)} />}
      {dialog && dialog !== 'fee' && (
        <StepDialog order={order} to={dialog.step} opened onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
};

export default OrderDetailsPage;

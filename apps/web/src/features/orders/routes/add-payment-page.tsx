import { useRef, useState } from 'react';
import { Alert, Button, Card, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import {
  formatMoney,
  ORDER_PAYMENT_METHOD_LABELS,
  ORDER_PAYMENT_METHODS,
  type Order,
  type OrderPaymentMethod,
} from '@ms/contracts';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError, Loading, NotAllowed, NotFound } from '@/components/ui/query-states';
import { ApiError } from '@/lib/api-client';
import { businessTimeZone } from '@/lib/date-time';
import { orderDetailsPath, paths } from '@/lib/route-paths';
import { hasPermission, useSession } from '@/lib/session-store';
import { deviceUuid, useOrder, useRecordOrderPayment } from '../api/orders';
import { instantOfWallClock, wallClockIn } from '../lib/business-clock';

const methodChoices = ORDER_PAYMENT_METHODS.map((m) => ({ value: m, label: ORDER_PAYMENT_METHOD_LABELS[m] }));

const PaymentForm = ({ order }: { order: Order }) => {
  const navigate = useNavigate();
  const zone = businessTimeZone();
  const [amount, setAmount] = useState<number | ''>(order.balance);
  const [method, setMethod] = useState<OrderPaymentMethod>('cash');
  const [reference, setReference] = useState('');
  const [now] = useState(() => wallClockIn(zone));
  const [paidAt, setPaidAt] = useState(now);
  // One id for this form: a double tap, or Save again after a failure, records the payment once.
  const [id] = useState(deviceUuid);
  const sending = useRef(false);
  const record = useRecordOrderPayment();

  const paidAtInstant = paidAt === now ? null : instantOfWallClock(zone, paidAt);
  const future = paidAtInstant !== null && paidAtInstant.getTime() > Date.now() + 60_000;
  // The server takes no more than what is owed (an overpayment would only be money to give back).
  const over = typeof amount === 'number' && amount > order.balance;
  const valid =
    typeof amount === 'number' && amount > 0 && !over && (paidAt === now || (!!paidAtInstant && !future));

  const save = () => {
    if (!valid || sending.current) return;
    sending.current = true;
    record.mutate(
      {
        order_id: order._id,
        _id: id,
        method,
        amount,
        // Left as it was: the server records it as paid now.
        ...(paidAtInstant ? { paid_at: paidAtInstant.toISOString() } : {}),
        ...(reference.trim() ? { reference: reference.trim() } : {}),
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: 'Payment recorded' });
          navigate(orderDetailsPath(order._id), { replace: true });
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <Card withBorder>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack>
          <Group justify="space-between" wrap="nowrap">
            <Text c="dimmed">Still to pay</Text>
            <Text fw={700} size="lg" data-testid="payment-balance">
              {formatMoney(order.balance)}
            </Text>
          </Group>
          <NumberInput
            label="Amount received (₦)"
            min={0}
            decimalScale={2}
            thousandSeparator=","
            value={amount}
            onChange={(v) => setAmount(typeof v === 'number' ? v : v === '' ? '' : Number(v) || '')}
            size="md"
            inputMode="decimal"
            required
            error={over ? `No more than the ${formatMoney(order.balance)} still to pay.` : undefined}
          />
          <Select
            label="How was it paid?"
            data={methodChoices}
            value={method}
            onChange={(v) => v && setMethod(v as OrderPaymentMethod)}
            allowDeselect={false}
            size="md"
          />
          <TextInput
            label="Reference (optional)"
            description="A receipt or transfer reference, to find it later."
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            maxLength={100}
            size="md"
          />
          <TextInput
            type="datetime-local"
            label="When was it paid?"
            value={paidAt}
            max={now}
            onChange={(e) => setPaidAt(e.currentTarget.value)}
            error={future ? 'This is later than now.' : undefined}
            size="md"
          />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              size="md"
              onClick={() => navigate(orderDetailsPath(order._id))}
              disabled={record.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" size="md" loading={record.isPending} disabled={!valid}>
              Save payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
};

/** /add-payment/{id}: money the shopper paid by hand (cash on delivery, at pickup, by POS…). */
const AddPaymentPage = () => {
  const allowed = hasPermission(useSession(), 'online_store.manage_orders');
  const { id = '' } = useParams();
  const found = useOrder(allowed ? id : '');
  const order = found.data;
  const back = {
    to: order ? orderDetailsPath(order._id) : paths.Orders,
    label: order ? `Order ${order.number}` : 'Orders',
  };
  const header = (
    <PageHeader
      title="Record a payment"
      description={order ? `Order ${order.number} · ${order.shopper_name}` : undefined}
      back={back}
    />
  );
  let body;
  if (!allowed) body = <NotAllowed what="record payments for online orders" />;
  else if (!order)
    body =
      found.error instanceof ApiError && found.error.status === 404 ? (
        <NotFound title="Order not found">It may belong to another business, or the link is wrong.</NotFound>
      ) : found.isError ? (
        <LoadError what="the order" error={found.error} onRetry={() => void found.refetch()} />
      ) : (
        <Loading label="Loading the order…" />
      );
  else if (order.status === 'cancelled')
    body = <Alert color="gray">This order is cancelled: no payment can be recorded for it.</Alert>;
  else if (order.balance <= 0)
    body = <Alert color="green">This order is paid in full. Nothing is left to pay.</Alert>;
  else body = <PaymentForm order={order} />;
  return (
    <Stack maw={560} mx="auto" gap="md">
      {header}
      {body}
    </Stack>
  );
};

export default AddPaymentPage;

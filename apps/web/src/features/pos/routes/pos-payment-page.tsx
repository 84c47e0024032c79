import { useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { formatMoney, type Sale } from '@ms/contracts';
import { Link } from 'react-router';
import { useCustomer } from '@/features/customers';
import { FixedAccountToPay, TransferAwaited } from '@/features/fixed-accounts';
import { useLoyaltySettings } from '@/features/loyalty';
import { useCheckoutOptions } from '@/features/payment-options';
import { AgentCodeField, useAgentCode } from '@/features/sales-agents';
import { useSession } from '@/lib/session-store';
import { useRecordSale, useTicketMutations } from '../api/sales';
import { ReceiptView } from '../components/receipt-view';
import { cartTotals, itemCount } from '../lib/cart';
import { cartStore, useCart } from '../lib/cart-store';
import { newDeviceId } from '../lib/ids';
import { posPaths } from '../lib/paths';
import {
  CASH_NOTES,
  FALLBACK_CHECKOUT_OPTIONS,
  methodLabel,
  offeredMethods,
  splitOf,
  type PaymentLine,
  type PaymentMethod,
} from '../lib/payment';
import { saleBody } from '../lib/sale-body';

/**
 * /pos-payment: take the money for the cart (the business's checkout options: cash, transfer, its
 * custom options, store credit; split; or later), then the receipt.
 */
export default function PosPaymentPage() {
  const session = useSession();
  const cart = useCart(session?.user._id ?? '');
  const record = useRecordSale();
  const tickets = useTicketMutations();
  const [payments, setPayments] = useState<PaymentLine[]>([]);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [amount, setAmount] = useState<number | ''>('');
  const [payLater, setPayLater] = useState(false);
  const [done, setDone] = useState<{ sale: Sale; change: number; email: string | null } | null>(null);
  /** One id per attempt at this cart: a retry after a network failure sends the same sale. */
  const saleId = useRef(newDeviceId());
  const customer = useCustomer(cart.customer?._id ?? '');
  const loyalty = useLoyaltySettings();
  const checkout = useCheckoutOptions();
  const agentCode = useAgentCode(cart.store_id);

  if (done)
    return (
      <Stack gap="md" maw={560} mx="auto">
        <Title order={1} size="h2">
          Sale recorded
        </Title>
        {done.change > 0 && (
          <Paper withBorder p="md" radius="md" bg="green.0">
            <Text size="sm">Change due</Text>
            <Text fw={800} fz={40} lh={1.1} data-testid="change-due-final">
              {formatMoney(done.change)}
            </Text>
          </Paper>
        )}
        {done.sale.balance > 0 && (
          <Alert color="orange">
            {formatMoney(done.sale.balance)} is left to pay later by{' '}
            {done.sale.customer_name ?? 'the customer'}.
          </Alert>
        )}
        <TransferAwaited sale={done.sale} />
        <Button component={Link} to={posPaths.pos} size="lg" data-autofocus>
          New sale
        </Button>
        <ReceiptView sale={done.sale} customerEmail={done.email} />
      </Stack>
    );

  const totals = cartTotals(cart);
  const due = totals.total;
  const split = splitOf(due, payments);
  const hasCustomer = !!cart.customer;
  const creditOn = loyalty.data?.store_credit_active ?? !!session?.business.store_credit_active;
  const pointsOn = !!loyalty.data?.points_active && (loyalty.data?.point_value ?? 0) > 0;
  const options = checkout.data?.items ?? FALLBACK_CHECKOUT_OPTIONS;
  const methods = offeredMethods(options, { hasCustomer, creditOn, pointsOn });
  const chosen = methods.find((o) => o.method === method);
  const label = (m: PaymentMethod) => methodLabel(m, options);
  const pointValue = loyalty.data?.point_value ?? 0;
  const usedPoints = payments.reduce((n, p) => n + (p.points ?? 0), 0);
  const usedCredit = payments.filter((p) => p.method === 'store_credit').reduce((n, p) => n + p.amount, 0);
  const ready =
    cart.lines.length > 0 &&
    !!cart.store_id &&
    (split.remainder === 0 || (payLater && hasCustomer)) &&
    agentCode.valid;
  const entered = typeof amount === 'number' ? amount : 0;

  if (cart.lines.length === 0)
    return (
      <Stack maw={480} mx="auto" align="center" py="xl">
        <Title order={1} size="h2">
          Payment
        </Title>
        <Text c="dimmed" ta="center">
          There is nothing to charge. Add items to the cart first.
        </Text>
        <Button component={Link} to={posPaths.pos} size="lg">
          Back to the till
        </Button>
      </Stack>
    );

  const addPayment = (m: PaymentMethod, value: number) => {
    if (!(value > 0)) return;
    const line: PaymentLine =
      m === 'loyalty_points'
        ? {
            method: m,
            points: Math.round(value),
            amount: Math.round(Math.round(value) * pointValue * 100) / 100,
          }
        : { method: m, amount: Math.round(value * 100) / 100 };
    setPayments((p) => [...p, line]);
    setAmount('');
  };

  const confirm = () => {
    const body = saleBody(saleId.current, cart, payments, payLater && split.remainder > 0, agentCode.code);
    record.mutate(body, {
      onSuccess: (sale) => {
        const ticketId = cart.ticket_id;
        setDone({ sale, change: sale.change_due, email: cart.customer?.email ?? null });
        cartStore.clear();
        if (ticketId) tickets.remove.mutate(ticketId);
      },
    });
  };

  return (
    <Stack gap="md" maw={960} mx="auto">
      <Group gap="xs">
        <Anchor component={Link} to={posPaths.pos} aria-label="Back to the cart">
          <Group gap={4}>
            <IconArrowLeft size={18} /> Cart
          </Group>
        </Anchor>
      </Group>
      <Title order={1} size="h2">
        Payment
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="sm">
          <Paper withBorder p="md" radius="md">
            <Text size="sm" c="dimmed">
              Amount due · {itemCount(cart)} {itemCount(cart) === 1 ? 'item' : 'items'}
              {cart.customer ? ` · ${cart.customer.name}` : ''}
            </Text>
            <Text fw={800} fz={36} lh={1.1} data-testid="amount-due">
              {formatMoney(due)}
            </Text>
            {(totals.line_discounts > 0 || totals.order_discount > 0) && (
              <Text size="sm" c="dimmed">
                Includes {formatMoney(totals.line_discounts + totals.order_discount)} of discounts
              </Text>
            )}
          </Paper>

          <Paper withBorder p="md" radius="md">
            <Text fw={600} mb="xs">
              Pay with
            </Text>
            <SimpleGrid
              cols={methods.length > 2 ? { base: 2, sm: 3 } : 2}
              spacing="xs"
              role="radiogroup"
              aria-label="Payment method"
            >
              {methods.map(({ method: m, label: name }) => (
                <Button
                  key={m}
                  role="radio"
                  aria-checked={method === m}
                  variant={method === m ? 'filled' : 'default'}
                  size="md"
                  onClick={() => setMethod(m)}
                  px={6}
                  py={6}
                  // Long names ("POS terminal (Moniepoint)") wrap on a phone instead of being cut.
                  styles={{
                    label: {
                      whiteSpace: 'normal',
                      lineHeight: 1.2,
                      textAlign: 'center',
                      overflow: 'visible',
                    },
                    inner: { height: 'auto' },
                  }}
                  h="auto"
                  mih={52}
                >
                  {name}
                </Button>
              ))}
            </SimpleGrid>
            {chosen?.instructions && (
              <Alert
                variant="light"
                color="blue"
                mt="xs"
                title={chosen.label}
                data-testid="method-instructions"
              >
                {chosen.instructions}
              </Alert>
            )}
            {method === 'fixed_account' && <FixedAccountToPay storeId={cart.store_id} />}
            {!hasCustomer ? (
              <Text size="xs" c="dimmed" mt={6}>
                Attach a customer in the cart to pay with store credit, points or later.
              </Text>
            ) : (
              customer.data && (
                <Text size="sm" mt={6} data-testid="customer-balances">
                  {cart.customer!.name}: store credit {formatMoney(customer.data.store_credit - usedCredit)} ·{' '}
                  {customer.data.points - usedPoints} points
                  {pointsOn ? ` (${formatMoney((customer.data.points - usedPoints) * pointValue)})` : ''}
                </Text>
              )
            )}

            <Stack gap="xs" mt="md">
              {method === 'cash' && (
                <SimpleGrid cols={{ base: 3, xs: 5 }} spacing={6}>
                  <Button
                    variant="light"
                    size="md"
                    px={4}
                    onClick={() => addPayment('cash', split.remainder)}
                    disabled={split.remainder === 0}
                  >
                    Exact
                  </Button>
                  {CASH_NOTES.map((n) => (
                    <Button key={n} variant="light" size="md" onClick={() => addPayment('cash', n)} px={4}>
                      {formatMoney(n).replace('.00', '')}
                    </Button>
                  ))}
                </SimpleGrid>
              )}
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  addPayment(method, entered);
                }}
              >
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <NumberInput
                    label={
                      method === 'cash'
                        ? 'Amount tendered (₦)'
                        : method === 'loyalty_points'
                          ? `Points to redeem (1 point = ${formatMoney(pointValue)})`
                          : `Amount by ${label(method)} (₦)`
                    }
                    placeholder={
                      method === 'loyalty_points'
                        ? String(Math.ceil(split.remainder / (pointValue || 1)))
                        : split.remainder > 0
                          ? String(split.remainder)
                          : '0'
                    }
                    value={amount}
                    onChange={(v) => setAmount(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
                    min={0}
                    decimalScale={method === 'loyalty_points' ? 0 : 2}
                    thousandSeparator=","
                    size="md"
                    style={{ flex: 1 }}
                  />
                  <Button type="submit" size="md" variant="default" disabled={!(entered > 0)}>
                    Add
                  </Button>
                </Group>
              </form>
            </Stack>
          </Paper>
        </Stack>

        <Stack gap="sm">
          <Paper withBorder p="md" radius="md">
            <Text fw={600} mb="xs">
              Payments
            </Text>
            {payments.length === 0 ? (
              <Text size="sm" c="dimmed">
                No payment yet. Tap a note, Exact, or enter an amount.
              </Text>
            ) : (
              <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Payments">
                {payments.map((p, i) => (
                  <Group
                    key={i}
                    component="li"
                    justify="space-between"
                    wrap="nowrap"
                    data-testid="payment-line"
                  >
                    <Text size="sm">
                      {label(p.method)}
                      {p.points ? ` (${p.points} points)` : ''}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {formatMoney(p.amount)}
                      </Text>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size={36}
                        aria-label={`Remove ${label(p.method)} ${formatMoney(p.amount)}`}
                        onClick={() => setPayments((all) => all.filter((_, j) => j !== i))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Group>
                ))}
              </Stack>
            )}
            <Group justify="space-between" mt="sm">
              <Text>Paid</Text>
              <Text fw={600}>{formatMoney(split.paid)}</Text>
            </Group>
            <Group justify="space-between">
              <Text>Remaining</Text>
              <Text fw={700} c={split.remainder > 0 ? 'red.8' : undefined} data-testid="remainder">
                {formatMoney(split.remainder)}
              </Text>
            </Group>
          </Paper>

          <Paper withBorder p="md" radius="md" bg={split.change > 0 ? 'green.0' : undefined}>
            <Text size="sm">Change due</Text>
            <Text fw={800} fz={40} lh={1.1} data-testid="change-due">
              {formatMoney(split.change)}
            </Text>
          </Paper>

          {split.overpaidWithoutCash && (
            <Alert color="orange">
              Only cash can be more than the amount due. Remove a payment that goes over.
            </Alert>
          )}
          {hasCustomer && split.remainder > 0 && (
            <Checkbox
              size="md"
              checked={payLater}
              onChange={(e) => setPayLater(e.currentTarget.checked)}
              label={`Pay later: leave ${formatMoney(split.remainder)} unpaid for ${cart.customer!.name}`}
            />
          )}
          <AgentCodeField state={agentCode} />
          {record.isError && (
            <Alert color="red" title="The sale was not recorded">
              {record.error.message} Tap Confirm to try again; the sale will not be recorded twice.
            </Alert>
          )}
          <Button
            size="xl"
            onClick={confirm}
            disabled={!ready || split.overpaidWithoutCash}
            loading={record.isPending}
            data-testid="confirm-sale"
          >
            Confirm {formatMoney(due)}
          </Button>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

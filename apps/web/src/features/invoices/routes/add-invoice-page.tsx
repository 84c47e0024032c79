import { useEffect, useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Chip,
  Divider,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  createInvoiceBody,
  formatKobo,
  fromKobo,
  invoiceBodyTotals,
  toKobo,
  type CreateInvoiceBody,
  type Customer,
  type Store,
} from '@ms/contracts';
import { CustomerPicker } from '@/features/customers';
import { useMyStores } from '@/features/stores';
import { PageHeader } from '@/components/ui/page-header';
import { Loading, NotAllowed } from '@/components/ui/query-states';
import { businessToday, shiftDay } from '@/lib/date-time';
import { invoiceDetailsPath, paths } from '@/lib/route-paths';
import { hasPermission, useBusinessId, useSession } from '@/lib/session-store';
import { useLocalTable } from '@/offline';
import {
  deviceUuid,
  useCreateInvoice,
  useInvoice,
  useUpdateInvoice,
  type LocalInvoice,
} from '../api/invoices';
import { ProductLinePicker } from '../components/product-line-picker';

type Line = {
  key: string;
  product_id: string | null;
  variety_id: string | null;
  name: string;
  quantity: number;
  price: number;
  discount: number;
};
type Milestone = { key: string; _id?: string; name: string; amount: number; due_date: string };
type Tax = { key: string; name: string; rate: number };

/** Reminder days the owner can pick: before, on and after the due day. */
const REMINDER_CHOICES = [
  { value: -3, label: '3 days before' },
  { value: 0, label: 'On the due day' },
  { value: 3, label: '3 days after' },
  { value: 7, label: '7 days after' },
  { value: 14, label: '14 days after' },
];

const key = () => deviceUuid();
const blankLine = (): Line => ({
  key: key(),
  product_id: null,
  variety_id: null,
  name: '',
  quantity: 1,
  price: 0,
  discount: 0,
});

const customerOf = (i: LocalInvoice): Customer =>
  ({
    _id: i.client,
    id: i.client,
    first_name: i.client_name,
    last_name: null,
    email: i.client_email,
    phone: i.client_phone,
  }) as unknown as Customer;

/**
 * /add-invoice: a new invoice; `?id=` edits one, `?duplicate=` starts from a copy. Lines from the
 * catalogue or free, discounts, taxes, milestones (parts of the total due on dates), reminders, and the
 * totals as the client will see them. Saved without a network, a draft waits on this device to upload.
 */
const AddInvoicePage = () => {
  const session = useSession();
  const businessId = useBusinessId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = params.get('id') ?? '';
  const copyId = params.get('duplicate') ?? '';
  const source = useInvoice(editId || copyId);
  const stores = useMyStores();
  const localStores = useLocalTable<Store & { _id: string }>(businessId, 'stores');
  const storeList = useMemo(() => stores.data ?? localStores ?? [], [stores.data, localStores]);
  const today = businessToday();

  const [storeId, setStoreId] = useState<string | null>(null);
  const [client, setClient] = useState<Customer | null>(null);
  const [issueDate, setIssueDate] = useState(today);
  const [dueDate, setDueDate] = useState(shiftDay(today, 14));
  const [lines, setLines] = useState<Line[]>([]);
  const [discount, setDiscount] = useState(0);
  const [taxes, setTaxes] = useState<Tax[]>([]);
  const [milestones, setMilestones] = useState<Milestone[]>([]);
  const [notes, setNotes] = useState('');
  const [reminders, setReminders] = useState<string[]>(['0', '7']);
  const [errors, setErrors] = useState<string[]>([]);
  const [loaded, setLoaded] = useState(false);
  // One id for this form: saving again after an error records the same invoice, never a second.
  const [newId] = useState(deviceUuid);
  const create = useCreateInvoice();
  const update = useUpdateInvoice(editId);

  useEffect(() => {
    if (!storeId && storeList.length === 1) setStoreId(storeList[0]!._id);
  }, [storeId, storeList]);

  const from = source.data;
  useEffect(() => {
    if (loaded || !from) return;
    setLoaded(true);
    setStoreId(from.store_id);
    setClient(customerOf(from));
    if (editId) {
      setIssueDate(from.issue_date);
      setDueDate(from.due_date);
    }
    setLines(
      from.items.map((l) => ({
        key: key(),
        product_id: l.product_id,
        variety_id: l.variety_id,
        name: l.name,
        quantity: l.quantity,
        price: l.price,
        discount: l.discount_type === 'amount' ? (l.discount ?? 0) : 0,
      })),
    );
    setDiscount(from.discount_type === 'amount' ? (from.discount ?? 0) : 0);
    setTaxes(from.taxes.map((t) => ({ key: key(), name: t.name, rate: t.rate })));
    setMilestones(
      from.milestones.map((m) => ({
        key: key(),
        ...(editId ? { _id: m._id } : {}),
        name: m.name,
        amount: m.amount,
        due_date: editId ? m.due_date : shiftDay(today, 14),
      })),
    );
    setNotes(from.notes ?? '');
    setReminders(from.reminder_days.map(String));
  }, [from, loaded, editId, today]);

  const body = (): CreateInvoiceBody => ({
    _id: editId || newId,
    store_id: storeId ?? '',
    client: client?._id ?? '',
    issue_date: issueDate,
    due_date: dueDate,
    items: lines.map((l) => ({
      ...(l.product_id ? { product_id: l.product_id, variety_id: l.variety_id } : {}),
      name: l.name.trim(),
      quantity: l.quantity,
      price: l.price,
      ...(l.discount > 0 ? { discount_type: 'amount' as const, discount: l.discount } : {}),
    })),
    ...(discount > 0
      ? { discount_type: 'amount' as const, discount }
      : { discount_type: null, discount: null }),
    taxes: taxes.map((t) => ({ name: t.name.trim(), rate: t.rate })),
    milestones: milestones.map((m) => ({
      ...(m._id ? { _id: m._id } : {}),
      name: m.name.trim(),
      amount: m.amount,
      due_date: m.due_date,
    })),
    notes: notes.trim() || null,
    reminder_days: reminders.map(Number),
  });

  const totals = useMemo(() => {
    try {
      return invoiceBodyTotals({
        items: lines.map((l) => ({
          price: l.price,
          quantity: l.quantity,
          ...(l.discount > 0 ? { discount_type: 'amount' as const, discount: l.discount } : {}),
        })),
        ...(discount > 0 ? { discount_type: 'amount' as const, discount } : {}),
        taxes,
      });
    } catch {
      return null;
    }
  }, [lines, discount, taxes]);
  const totalKobo = totals?.totalKobo ?? 0;
  const milestoneKobo = milestones.reduce((a, m) => a + toKobo(m.amount || 0), 0);

  if (!hasPermission(session, editId ? 'invoices.edit' : 'invoices.create'))
    return <NotAllowed what={editId ? 'edit invoices' : 'make invoices'} />;
  if ((editId || copyId) && !from) return <Loading label="Loading the invoice…" />;

  /** Saves; `send` then opens the details with the send dialog (the client's e-mail is checked there). */
  const save = async (send: boolean) => {
    const b = body();
    const parsed = createInvoiceBody.safeParse(b);
    const problems = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    if (!storeId) problems.unshift('Choose the store the invoice is from.');
    if (!client) problems.unshift('Choose the client (a customer) to bill.');
    if (milestones.length && milestoneKobo !== totalKobo)
      problems.push(`The milestones must add up to the total (${formatKobo(totalKobo)}).`);
    setErrors([...new Set(problems)]);
    if (problems.length) return;
    try {
      if (editId) {
        const { _id: _, ...patch } = b;
        const saved = await update.mutateAsync(patch);
        if (saved) void navigate(invoiceDetailsPath(saved._id));
        return;
      }
      const store = storeList.find((s) => s._id === storeId);
      const { invoice, offline } = await create.mutateAsync({
        body: b,
        names: {
          store: store?.name ?? '',
          client: [client?.first_name, client?.last_name].filter(Boolean).join(' '),
          email: client?.email ?? null,
          phone: client?.phone ?? null,
        },
      });
      void navigate(`${invoiceDetailsPath(invoice._id)}${send && !offline ? '&send=1' : ''}`);
    } catch (error) {
      setErrors([(error as Error).message]);
    }
  };

  const setLine = (k: string, patch: Partial<Line>) =>
    setLines((ls) => ls.map((l) => (l.key === k ? { ...l, ...patch } : l)));
  const splitMilestones = () => {
    const half = Math.floor(totalKobo / 2);
    setMilestones([
      { key: key(), name: 'Deposit', amount: fromKobo(half), due_date: issueDate },
      { key: key(), name: 'Balance', amount: fromKobo(totalKobo - half), due_date: dueDate },
    ]);
  };
  const busy = create.isPending || update.isPending;

  return (
    <Stack maw={880} mx="auto" gap="md">
      <PageHeader
        title={editId ? `Edit invoice ${from?.number ?? ''}` : 'New invoice'}
        back={{
          to: editId ? invoiceDetailsPath(editId) : paths.Invoices,
          label: editId ? 'Invoice' : 'Invoices',
        }}
      />
      <Card withBorder>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Store"
              placeholder="Choose a store"
              data={storeList.map((s) => ({ value: s._id, label: s.name }))}
              value={storeId}
              onChange={setStoreId}
              allowDeselect={false}
            />
            <div>
              <Text size="sm" fw={500} mb={4}>
                Client
              </Text>
              <CustomerPicker value={client} onChange={setClient} />
            </div>
            <TextInput
              type="date"
              label="Issue date"
              value={issueDate}
              onChange={(e) => setIssueDate(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="Due date"
              value={dueDate}
              onChange={(e) => setDueDate(e.currentTarget.value)}
            />
          </SimpleGrid>
        </Stack>
      </Card>

      <Card withBorder>
        <Stack>
          <Text fw={600}>What you are billing for</Text>
          <ProductLinePicker
            onPick={(p) =>
              setLines((ls) => [
                ...ls,
                {
                  ...blankLine(),
                  product_id: p.product_id,
                  variety_id: p.variety_id,
                  name: p.name,
                  price: p.price,
                },
              ])
            }
          />
          {lines.map((l, i) => (
            <Card key={l.key} withBorder p="sm" data-testid="invoice-line">
              <Group align="flex-end" gap="xs" wrap="wrap">
                <TextInput
                  label={`Line ${i + 1}`}
                  placeholder="What it is"
                  value={l.name}
                  onChange={(e) => setLine(l.key, { name: e.currentTarget.value })}
                  style={{ flex: '2 1 200px' }}
                />
                <NumberInput
                  label="Quantity"
                  min={1}
                  allowDecimal={false}
                  value={l.quantity}
                  onChange={(v) => setLine(l.key, { quantity: Number(v) || 0 })}
                  style={{ flex: '1 1 80px' }}
                />
                <NumberInput
                  label="Price (₦)"
                  min={0}
                  decimalScale={2}
                  thousandSeparator=","
                  value={l.price}
                  onChange={(v) => setLine(l.key, { price: Number(v) || 0 })}
                  style={{ flex: '1 1 120px' }}
                />
                <NumberInput
                  label="Discount (₦)"
                  min={0}
                  decimalScale={2}
                  thousandSeparator=","
                  value={l.discount}
                  onChange={(v) => setLine(l.key, { discount: Number(v) || 0 })}
                  style={{ flex: '1 1 110px' }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove line ${i + 1}`}
                  onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
              <Text size="sm" ta="right" mt={4}>
                {formatKobo(totals?.lines[i]?.totalKobo ?? 0)}
              </Text>
            </Card>
          ))}
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setLines((ls) => [...ls, blankLine()])}
            w="fit-content"
          >
            Add a free line
          </Button>
        </Stack>
      </Card>

      <Card withBorder>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Discount on the invoice (₦)"
              min={0}
              decimalScale={2}
              thousandSeparator=","
              value={discount}
              onChange={(v) => setDiscount(Number(v) || 0)}
            />
          </SimpleGrid>
          {taxes.map((t) => (
            <Group key={t.key} align="flex-end" gap="xs">
              <TextInput
                label="Tax"
                value={t.name}
                onChange={(e) => {
                  const name = e.currentTarget.value;
                  setTaxes((ts) => ts.map((x) => (x.key === t.key ? { ...x, name } : x)));
                }}
                style={{ flex: '2 1 140px' }}
              />
              <NumberInput
                label="Rate (%)"
                min={0}
                max={100}
                decimalScale={2}
                value={t.rate}
                onChange={(v) =>
                  setTaxes((ts) => ts.map((x) => (x.key === t.key ? { ...x, rate: Number(v) || 0 } : x)))
                }
                style={{ flex: '1 1 90px' }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove tax ${t.name}`}
                onClick={() => setTaxes((ts) => ts.filter((x) => x.key !== t.key))}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
          {taxes.length < 5 && (
            <Button
              variant="subtle"
              w="fit-content"
              leftSection={<IconPlus size={16} />}
              onClick={() => setTaxes((ts) => [...ts, { key: key(), name: 'VAT', rate: 7.5 }])}
            >
              Add a tax
            </Button>
          )}
          <Divider />
          <Stack gap={2} data-testid="invoice-form-totals">
            <Group justify="space-between">
              <Text c="dimmed">Subtotal</Text>
              <Text>{formatKobo(totals?.subtotalKobo ?? 0)}</Text>
            </Group>
            {(totals?.discountTotalKobo ?? 0) > 0 && (
              <Group justify="space-between">
                <Text c="dimmed">Discounts</Text>
                <Text>-{formatKobo(totals?.discountTotalKobo ?? 0)}</Text>
              </Group>
            )}
            {totals?.taxes.map((t) => (
              <Group key={t.name + t.ratePercent} justify="space-between">
                <Text c="dimmed">
                  {t.name} ({t.ratePercent}%)
                </Text>
                <Text>{formatKobo(t.amountKobo)}</Text>
              </Group>
            ))}
            <Group justify="space-between">
              <Text fw={700}>Total</Text>
              <Text fw={700}>{formatKobo(totalKobo)}</Text>
            </Group>
          </Stack>
        </Stack>
      </Card>

      <Card withBorder>
        <Stack>
          <Group justify="space-between">
            <div>
              <Text fw={600}>Milestones</Text>
              <Text size="sm" c="dimmed">
                Parts of the total due on dates (a deposit, then the balance). Leave empty to be paid at once.
              </Text>
            </div>
            {milestones.length === 0 && totalKobo > 0 && (
              <Button variant="light" onClick={splitMilestones}>
                Split into milestones
              </Button>
            )}
          </Group>
          {milestones.map((m, i) => (
            <Group key={m.key} align="flex-end" gap="xs" wrap="wrap" data-testid="invoice-milestone">
              <TextInput
                label={`Milestone ${i + 1}`}
                value={m.name}
                onChange={(e) => {
                  const name = e.currentTarget.value;
                  setMilestones((ms) => ms.map((x) => (x.key === m.key ? { ...x, name } : x)));
                }}
                style={{ flex: '2 1 160px' }}
              />
              <NumberInput
                label="Amount (₦)"
                min={0}
                decimalScale={2}
                thousandSeparator=","
                value={m.amount}
                onChange={(v) =>
                  setMilestones((ms) =>
                    ms.map((x) => (x.key === m.key ? { ...x, amount: Number(v) || 0 } : x)),
                  )
                }
                style={{ flex: '1 1 120px' }}
              />
              <TextInput
                type="date"
                label="Due"
                value={m.due_date}
                onChange={(e) => {
                  const due_date = e.currentTarget.value;
                  setMilestones((ms) => ms.map((x) => (x.key === m.key ? { ...x, due_date } : x)));
                }}
                style={{ flex: '1 1 140px' }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove milestone ${i + 1}`}
                onClick={() => setMilestones((ms) => ms.filter((x) => x.key !== m.key))}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
          {milestones.length > 0 && (
            <Group justify="space-between">
              <Button
                variant="subtle"
                w="fit-content"
                leftSection={<IconPlus size={16} />}
                onClick={() =>
                  setMilestones((ms) => [
                    ...ms,
                    { key: key(), name: `Part ${ms.length + 1}`, amount: 0, due_date: dueDate },
                  ])
                }
              >
                Add a milestone
              </Button>
              <Text size="sm" c={milestoneKobo === totalKobo ? 'green' : 'red'}>
                {formatKobo(milestoneKobo)} of {formatKobo(totalKobo)}
              </Text>
            </Group>
          )}
        </Stack>
      </Card>

      <Card withBorder>
        <Stack>
          <Textarea
            label="Notes for the client"
            autosize
            minRows={2}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              Remind the client by e-mail while money is owed
            </Text>
            <Chip.Group multiple value={reminders} onChange={setReminders}>
              <Group gap="xs">
                {REMINDER_CHOICES.map((c) => (
                  <Chip key={c.value} value={String(c.value)} size="sm">
                    {c.label}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </div>
        </Stack>
      </Card>

      {errors.length > 0 && (
        <Alert color="red" title="Check the invoice">
          <Stack gap={2}>
            {errors.map((e) => (
              <Text key={e} size="sm">
                {e}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" loading={busy} onClick={() => void save(false)}>
          {editId ? 'Save changes' : 'Save draft'}
        </Button>
        {!editId && hasPermission(session, 'invoices.share') && (
          <Button loading={busy} onClick={() => void save(true)}>
            Save and send
          </Button>
        )}
      </Group>
    </Stack>
  );
};

export default AddInvoicePage;

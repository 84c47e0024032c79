import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconLock, IconPrinter, IconTrash } from '@tabler/icons-react';
import { formatMoney } from '@ms/contracts';
import { hasPermission, useSession } from '@/lib/session-store';
import { LabelPages } from '../components/label-sheet';
import { PrintRoot } from '../components/print-root';
import { ProductPicker } from '../components/product-picker';
import { describeCode } from '../lib/barcode';
import { expandLabels, type LabelFields, type LabelItem } from '../lib/items';
import { LABEL_SIZES, perPage, sizeById } from '../lib/label-sizes';

/** The most labels one print job makes (a browser struggles beyond). */
const MAX_LABELS = 2_000;
/** Labels drawn in the on-screen preview; the print has them all. */
const PREVIEW_LIMIT = 48;

/**
 * /print-label and /inventory/print-label: choose products (or varieties), how many labels of each,
 * the label size and what each label shows; the print view has real barcodes and prints exactly
 * the labels (print stylesheet with the label's page size).
 */
const PrintLabelPage = () => {
  const session = useSession();
  if (!hasPermission(session, 'inventory.print_labels'))
    return (
      <Stack maw={760} mx="auto">
        <Title order={1} size="h2">
          Print labels
        </Title>
        <Alert color="gray" icon={<IconLock size={18} />} title="You cannot print labels">
          Your role is not allowed to print labels. Ask your admin to give your role the “Print labels”
          permission.
        </Alert>
      </Stack>
    );
  return <LabelDesigner />;
};

const LabelDesigner = () => {
  const [items, setItems] = useState<LabelItem[]>([]);
  const [sizeId, setSizeId] = useState(LABEL_SIZES[0]!.id);
  const [fields, setFields] = useState<LabelFields>({ name: true, price: true, barcode: true, sku: false });
  const [step, setStep] = useState<'choose' | 'preview'>('choose');
  const size = sizeById(sizeId);
  const chosen = useMemo(() => new Set(items.map((i) => i.key)), [items]);
  const labels = useMemo(() => expandLabels(items), [items]);
  const total = labels.length;
  const pages = Math.ceil(total / perPage(size));
  const tooMany = total > MAX_LABELS;
  const printable = total > 0 && !tooMany;

  const add = (added: Omit<LabelItem, 'quantity'>[]) =>
    setItems((list) => [
      ...list,
      ...added.filter((a) => !list.some((i) => i.key === a.key)).map((a) => ({ ...a, quantity: 1 })),
    ]);
  const setQuantity = (key: string, quantity: number) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, quantity } : i)));
  const remove = (key: string) => setItems((list) => list.filter((i) => i.key !== key));

  const summary = size.sheet
    ? `${total} ${total === 1 ? 'label' : 'labels'} on ${pages} A4 ${pages === 1 ? 'page' : 'pages'} of ${perPage(size)} (${size.width} × ${size.height} mm)`
    : `${total} ${total === 1 ? 'label' : 'labels'}, ${size.width} × ${size.height} mm thermal`;

  return (
    <Stack maw={960} mx="auto" gap="md">
      {printable && <PrintRoot labels={labels} size={size} fields={fields} />}
      <div>
        <Title order={1} size="h2">
          {step === 'preview' ? 'Print preview' : 'Print labels'}
        </Title>
        <Text c="dimmed">
          {step === 'preview'
            ? summary
            : 'Choose products, how many labels of each and the label size, then print barcode labels.'}
        </Text>
      </div>

      {step === 'preview' ? (
        <>
          <Group>
            <Button leftSection={<IconPrinter size={18} />} size="md" onClick={() => window.print()}>
              Print
            </Button>
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={18} />}
              onClick={() => setStep('choose')}
            >
              Change labels
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            In the print window choose your label printer, paper size “
            {size.sheet ? 'A4' : `${size.width} × ${size.height} mm`}”, margins “None” and scale 100%.
          </Text>
          <Card withBorder radius="md" padding="md" style={{ overflowX: 'auto' }}>
            <LabelPages labels={labels.slice(0, PREVIEW_LIMIT)} size={size} fields={fields} preview />
            {total > PREVIEW_LIMIT && (
              <Text size="sm" c="dimmed" mt="sm">
                …and {total - PREVIEW_LIMIT} more labels, which print too.
              </Text>
            )}
          </Card>
        </>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Card withBorder radius="md" padding="md">
            <Stack gap="sm">
              <Text fw={700}>1. Choose products</Text>
              <ProductPicker chosen={chosen} onAdd={add} />
            </Stack>
          </Card>

          <Stack gap="md">
            <Card withBorder radius="md" padding="md">
              <Stack gap="sm">
                <Text fw={700}>2. How many labels</Text>
                {items.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Nothing chosen yet. Tap Add next to a product.
                  </Text>
                ) : (
                  items.map((item) => (
                    <Group key={item.key} wrap="nowrap" align="flex-start" gap="xs" data-testid="chosen-item">
                      <div style={{ flex: 1, minWidth: 0 }}>
                        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {item.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {formatMoney(item.price)}
                        </Text>
                        <Text size="xs" c={item.code.source === 'id' ? 'orange.8' : 'dimmed'}>
                          {describeCode(item.code)}
                        </Text>
                      </div>
                      <NumberInput
                        aria-label={`Labels for ${item.name}`}
                        value={item.quantity}
                        onChange={(v) =>
                          setQuantity(item.key, Math.max(1, Math.min(1000, Math.floor(Number(v) || 1))))
                        }
                        min={1}
                        max={1000}
                        allowDecimal={false}
                        allowNegative={false}
                        w={84}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        onClick={() => remove(item.key)}
                        aria-label={`Remove ${item.name}`}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                  ))
                )}
              </Stack>
            </Card>

            <Card withBorder radius="md" padding="md">
              <Stack gap="sm">
                <Text fw={700}>3. Label size and content</Text>
                <Select
                  label="Label size"
                  data={LABEL_SIZES.map((s) => ({ value: s.id, label: s.name }))}
                  value={sizeId}
                  onChange={(v) => v && setSizeId(v)}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
                <Text size="sm" fw={500}>
                  Show on each label
                </Text>
                <Group gap="md">
                  {(
                    [
                      ['name', 'Name'],
                      ['price', 'Price'],
                      ['barcode', 'Barcode'],
                      ['sku', 'SKU'],
                    ] as const
                  ).map(([key, label]) => (
                    <Checkbox
                      key={key}
                      label={label}
                      checked={fields[key]}
                      onChange={(e) => {
                        const checked = e.currentTarget.checked;
                        setFields((f) => ({ ...f, [key]: checked }));
                      }}
                    />
                  ))}
                </Group>
              </Stack>
            </Card>

            {tooMany && (
              <Alert color="orange" title="Too many labels at once">
                {total} labels is more than {MAX_LABELS}: print them in smaller groups.
              </Alert>
            )}
            <Button
              size="md"
              leftSection={<IconPrinter size={18} />}
              disabled={!printable}
              onClick={() => setStep('preview')}
            >
              {total > 0 ? `Preview ${total} ${total === 1 ? 'label' : 'labels'}` : 'Preview labels'}
            </Button>
          </Stack>
        </SimpleGrid>
      )}
    </Stack>
  );
};

export default PrintLabelPage;

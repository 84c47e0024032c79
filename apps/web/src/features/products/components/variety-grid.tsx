import { memo, useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import { formatMoney, type Store } from '@ms/contracts';
import { margin } from '../lib/product-form';
import { varietyName, type NumberField, type OptionDraft, type VarietyRow } from '../lib/varieties';
import { CountInput, MoneyInput } from './number-fields';

export type RowErrors = Partial<Record<'selling_price' | 'cost_price' | 'sku' | 'barcode', string>> & {
  store_stock?: (string | undefined)[];
};

export type VarietyGridProps = {
  rows: VarietyRow[];
  options: OptionDraft[];
  stores: Store[];
  errors: (RowErrors | undefined)[];
  wide: boolean;
  disabled?: boolean;
  removedCount: number;
  onChangeRow: (key: string, patch: Partial<VarietyRow>) => void;
  onRemove: (key: string) => void;
  onRestore: () => void;
  onApplyPrice: (price: number) => void;
};

type RowProps = {
  row: VarietyRow;
  name: string;
  stores: Store[];
  errors?: RowErrors;
  disabled?: boolean;
  showOpening: boolean;
  showCurrent: boolean;
  onChangeRow: (key: string, patch: Partial<VarietyRow>) => void;
  onRemove: (key: string) => void;
};

/** The variety's name stays in view while the grid scrolls sideways. */
const STICKY = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset -1px 0 0 var(--mantine-color-gray-3)',
} as const;

const MarginText = ({ row, stacked = false }: { row: VarietyRow; stacked?: boolean }) => {
  const m = margin(row.cost_price, row.selling_price);
  const color = m && m.amount < 0 ? 'red.8' : 'dimmed';
  if (!m)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return stacked ? (
    <Text size="xs" c={color} style={{ whiteSpace: 'nowrap' }} lh={1.3}>
      {formatMoney(m.amount)}
      <br />
      {m.percent}%
    </Text>
  ) : (
    <Text size="sm" c={color} style={{ whiteSpace: 'nowrap' }}>
      {`${formatMoney(m.amount)} (${m.percent}%)`}
    </Text>
  );
};

const setStock = (row: VarietyRow, storeId: string, stock: NumberField): Partial<VarietyRow> => ({
  store_stock: row.store_stock.some((s) => s.store_id === storeId)
    ? row.store_stock.map((s) => (s.store_id === storeId ? { ...s, stock } : s))
    : [...row.store_stock, { store_id: storeId, stock }],
});

const stockAt = (row: VarietyRow, storeId: string): NumberField =>
  row.store_stock.find((s) => s.store_id === storeId)?.stock ?? '';

const stockError = (row: VarietyRow, errors: RowErrors | undefined, storeId: string) => {
  const i = row.store_stock.findIndex((s) => s.store_id === storeId);
  return i >= 0 ? errors?.store_stock?.[i] : undefined;
};

/** One variety as a table row (laptops). */
const TableRow = memo(function TableRow({
  row,
  name,
  stores,
  errors,
  disabled,
  showOpening,
  showCurrent,
  onChangeRow,
  onRemove,
}: RowProps) {
  const isNew = !row._id;
  return (
    <Table.Tr data-testid="variety-row">
      <Table.Td style={STICKY}>
        <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
          {name}
        </Text>
      </Table.Td>
      <Table.Td miw={112}>
        <MoneyInput
          aria-label={`Price of ${name}`}
          value={row.selling_price}
          onChange={(selling_price) => onChangeRow(row.key, { selling_price })}
          error={errors?.selling_price}
          disabled={disabled}
        />
      </Table.Td>
      <Table.Td miw={104}>
        <MoneyInput
          aria-label={`Cost of ${name}`}
          value={row.cost_price}
          onChange={(cost_price) => onChangeRow(row.key, { cost_price })}
          error={errors?.cost_price}
          disabled={disabled}
        />
      </Table.Td>
      <Table.Td>
        <MarginText row={row} stacked />
      </Table.Td>
      <Table.Td miw={104}>
        <TextInput
          aria-label={`SKU of ${name}`}
          value={row.sku}
          onChange={(e) => onChangeRow(row.key, { sku: e.currentTarget.value })}
          error={errors?.sku}
          maxLength={64}
          disabled={disabled}
        />
      </Table.Td>
      <Table.Td miw={112}>
        <TextInput
          aria-label={`Barcode of ${name}`}
          value={row.barcode}
          onChange={(e) => onChangeRow(row.key, { barcode: e.currentTarget.value })}
          error={errors?.barcode}
          maxLength={64}
          inputMode="numeric"
          disabled={disabled}
        />
      </Table.Td>
      {showCurrent && (
        <Table.Td ta="right">
          <Text size="sm">{isNew ? 'New' : (row.stock ?? 0).toLocaleString('en-NG')}</Text>
        </Table.Td>
      )}
      {showOpening &&
        stores.map((s) => (
          <Table.Td key={s._id} miw={84}>
            {isNew ? (
              <CountInput
                aria-label={`Opening stock of ${name} at ${s.name}`}
                placeholder="0"
                value={stockAt(row, s._id)}
                onChange={(stock) => onChangeRow(row.key, setStock(row, s._id, stock))}
                error={stockError(row, errors, s._id)}
                disabled={disabled}
              />
            ) : (
              <Text size="sm" c="dimmed" ta="center">
                —
              </Text>
            )}
          </Table.Td>
        ))}
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Remove ${name}`}
          onClick={() => onRemove(row.key)}
          disabled={disabled}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
});

/** One variety as a card (phones). */
const CardRow = memo(function CardRow({
  row,
  name,
  stores,
  errors,
  disabled,
  showOpening,
  showCurrent,
  onChangeRow,
  onRemove,
}: RowProps) {
  const isNew = !row._id;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="variety-row">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{name}</Text>
          <Group gap="xs" wrap="nowrap">
            {showCurrent && !isNew && (
              <Text size="sm" c="dimmed">
                Stock {(row.stock ?? 0).toLocaleString('en-NG')}
              </Text>
            )}
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${name}`}
              onClick={() => onRemove(row.key)}
              disabled={disabled}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Group>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
          <MoneyInput
            label="Price"
            aria-label={`Price of ${name}`}
            withAsterisk
            value={row.selling_price}
            onChange={(selling_price) => onChangeRow(row.key, { selling_price })}
            error={errors?.selling_price}
            disabled={disabled}
          />
          <MoneyInput
            label="Cost"
            aria-label={`Cost of ${name}`}
            value={row.cost_price}
            onChange={(cost_price) => onChangeRow(row.key, { cost_price })}
            error={errors?.cost_price}
            disabled={disabled}
          />
          <TextInput
            label="SKU"
            aria-label={`SKU of ${name}`}
            value={row.sku}
            onChange={(e) => onChangeRow(row.key, { sku: e.currentTarget.value })}
            error={errors?.sku}
            maxLength={64}
            disabled={disabled}
          />
          <TextInput
            label="Barcode"
            aria-label={`Barcode of ${name}`}
            value={row.barcode}
            onChange={(e) => onChangeRow(row.key, { barcode: e.currentTarget.value })}
            error={errors?.barcode}
            maxLength={64}
            inputMode="numeric"
            disabled={disabled}
          />
          {showOpening &&
            isNew &&
            stores.map((s) => (
              <CountInput
                key={s._id}
                label={`Opening stock, ${s.name}`}
                aria-label={`Opening stock of ${name} at ${s.name}`}
                placeholder="0"
                value={stockAt(row, s._id)}
                onChange={(stock) => onChangeRow(row.key, setStock(row, s._id, stock))}
                error={stockError(row, errors, s._id)}
                disabled={disabled}
              />
            ))}
        </SimpleGrid>
        <Group gap={4}>
          <Text size="sm" c="dimmed">
            Margin
          </Text>
          <MarginText row={row} />
        </Group>
      </Stack>
    </Paper>
  );
});

/**
 * The varieties built from the options (Size × Colour): a price, cost, SKU and barcode each, and
 * the opening stock per store of each new variety. A variety that is not sold can be removed.
 */
export const VarietyGrid = ({
  rows,
  options,
  stores,
  errors,
  wide,
  disabled,
  removedCount,
  onChangeRow,
  onRemove,
  onRestore,
  onApplyPrice,
}: VarietyGridProps) => {
  const [bulkPrice, setBulkPrice] = useState<NumberField>('');
  const anyNew = rows.some((r) => !r._id);
  const anyExisting = rows.some((r) => !!r._id);
  const showOpening = anyNew && stores.length > 0;

  const footer = (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        {rows.length} {rows.length === 1 ? 'variety' : 'varieties'}
      </Text>
      {removedCount > 0 && (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowBackUp size={16} />}
          onClick={onRestore}
          disabled={disabled}
        >
          Bring back {removedCount} removed
        </Button>
      )}
    </Group>
  );

  if (rows.length === 0)
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Add an option and its values above; a variety is made for each combination.
        </Text>
        {removedCount > 0 && footer}
      </Stack>
    );

  return (
    <Stack gap="sm">
      {rows.length > 1 && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <MoneyInput
            label="Same price for every variety"
            placeholder="₦0.00"
            value={bulkPrice}
            onChange={setBulkPrice}
            disabled={disabled}
            style={{ flex: wide ? 'none' : 1 }}
            w={wide ? 280 : undefined}
          />
          <Button
            variant="default"
            disabled={disabled || bulkPrice === ''}
            onClick={() => bulkPrice !== '' && onApplyPrice(bulkPrice)}
          >
            Apply to all
          </Button>
        </Group>
      )}
      {wide ? (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing={6} horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={STICKY}>Variety</Table.Th>
                <Table.Th>Price *</Table.Th>
                <Table.Th>Cost</Table.Th>
                <Table.Th>Margin</Table.Th>
                <Table.Th>SKU</Table.Th>
                <Table.Th>Barcode</Table.Th>
                {anyExisting && <Table.Th ta="right">Stock</Table.Th>}
                {showOpening &&
                  stores.map((s) => (
                    <Table.Th key={s._id} miw={92}>
                      <Text size="xs" fw={700} lh={1.2}>
                        Opening stock
                        <br />
                        <Text span size="xs" c="dimmed" fw={500}>
                          {s.name}
                        </Text>
                      </Text>
                    </Table.Th>
                  ))}
                <Table.Th w={40}>
                  <VisuallyHidden>Remove</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                <TableRow
                  key={row.key}
                  row={row}
                  name={varietyName(row.option_values, options)}
                  stores={stores}
                  errors={errors[i]}
                  disabled={disabled}
                  showOpening={showOpening}
                  showCurrent={anyExisting}
                  onChangeRow={onChangeRow}
                  onRemove={onRemove}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack gap="xs">
          {rows.map((row, i) => (
            <CardRow
              key={row.key}
              row={row}
              name={varietyName(row.option_values, options)}
              stores={stores}
              errors={errors[i]}
              disabled={disabled}
              showOpening={showOpening}
              showCurrent={anyExisting}
              onChangeRow={onChangeRow}
              onRemove={onRemove}
            />
          ))}
        </Stack>
      )}
      {footer}
    </Stack>
  );
};

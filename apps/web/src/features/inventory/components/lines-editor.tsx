import { ActionIcon, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { lineError, removeLine, setLineQuantity, stockAfter, type ItemLine } from '../lib/items';
import { QuantityInput } from './quantity-input';

type Props = {
  lines: readonly ItemLine[];
  onChange: (lines: ItemLine[]) => void;
  /** Stock leaves the store (remove, transfer). */
  leaving: boolean;
  /** Label of the quantity column, e.g. "Add", "Remove", "Send". */
  quantityLabel: string;
  /** Show the errors of every line (after a first try to continue). */
  showErrors: boolean;
};

/** The chosen items with a quantity each: a table on a computer, cards on a phone. */
export const LinesEditor = ({ lines, onChange, leaving, quantityLabel, showErrors }: Props) => {
  const wide = useMediaQuery('(min-width: 48em)', true);
  const qty = (l: ItemLine) => (
    <QuantityInput
      aria-label={`${quantityLabel} quantity for ${l.name}`}
      value={l.quantity}
      onChange={(q) => onChange(setLineQuantity(lines, l.key, q))}
      error={showErrors ? lineError(l, leaving) : null}
      min={1}
      w={wide ? 120 : '100%'}
    />
  );
  const remove = (l: ItemLine) => (
    <ActionIcon
      variant="subtle"
      color="red"
      size="lg"
      aria-label={`Remove ${l.name}`}
      onClick={() => onChange(removeLine(lines, l.key))}
    >
      <IconTrash size={18} />
    </ActionIcon>
  );
  const after = (l: ItemLine) => {
    const value = stockAfter(l, leaving);
    return <Text c={value < 0 ? 'red.9' : undefined}>{l.quantity === null ? '—' : value}</Text>;
  };

  if (!wide) {
    return (
      <Stack gap="xs">
        {lines.map((l) => (
          <Card key={l.key} withBorder padding="sm" radius="md" data-testid="line">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} lineClamp={2}>
                  {l.name}
                </Text>
                <Text size="sm" c="dimmed">
                  In stock: {l.stock} · After: {l.quantity === null ? '—' : stockAfter(l, leaving)}
                </Text>
              </div>
              {remove(l)}
            </Group>
            <Group mt="xs" gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={500} pt={10} style={{ flexShrink: 0 }}>
                {quantityLabel}
              </Text>
              <div style={{ flex: 1 }}>{qty(l)}</div>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">In stock</Table.Th>
            <Table.Th>{quantityLabel}</Table.Th>
            <Table.Th ta="right">After</Table.Th>
            <Table.Th w={48} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.key} data-testid="line">
              <Table.Td>
                <Text fw={500}>{l.name}</Text>
                {l.sku && (
                  <Text size="xs" c="dimmed">
                    SKU {l.sku}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{l.stock}</Table.Td>
              <Table.Td>{qty(l)}</Table.Td>
              <Table.Td ta="right">{after(l)}</Table.Td>
              <Table.Td>{remove(l)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

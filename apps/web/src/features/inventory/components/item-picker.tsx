import { useMemo, useState } from 'react';
import { Badge, Button, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { DebouncedSearch } from '@/components/ui/debounced-search';
import { useProductSearch } from '../api/products';
import { itemsOfProduct, type ItemLine, type StockItem } from '../lib/items';

type Props = {
  storeId: string | null;
  lines: readonly ItemLine[];
  onAdd: (item: StockItem) => void;
  /** Stock leaves the store (remove, transfer): an item with none in stock cannot be picked. */
  leaving?: boolean;
};

const PAGE = 20;

/**
 * Search the catalogue and add items (a product, or each variety of one) with their stock in the
 * chosen store. Services and products that do not track stock are shown but cannot be added.
 */
export const ItemPicker = ({ storeId, lines, onAdd, leaving = false }: Props) => {
  const [search, setSearch] = useState('');
  const products = useProductSearch({ search, store: storeId, limit: PAGE }, !!storeId);
  const items = useMemo(
    () => (products.data?.items ?? []).flatMap((p) => itemsOfProduct(p, storeId)),
    [products.data, storeId],
  );
  const picked = new Map(lines.map((l) => [l.key, l.quantity ?? 0]));
  const total = products.data?.total ?? 0;

  return (
    <Stack gap="xs">
      <DebouncedSearch
        label="Find products"
        placeholder="Search by name, SKU or barcode"
        onSearch={setSearch}
        delayMs={400}
      />
      {!storeId ? (
        <Text c="dimmed" size="sm">
          Choose a store first to see what it holds.
        </Text>
      ) : products.isPending ? (
        <Group gap="xs" py="sm">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Loading products…
          </Text>
        </Group>
      ) : products.isError ? (
        <Text c="red" size="sm" role="alert">
          Could not load products: {products.error.message}
        </Text>
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {search.trim()
            ? `No product matches “${search.trim()}”.`
            : 'No products yet. Add products to your catalogue first.'}
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <ScrollArea.Autosize mah={360} type="auto">
            <Stack
              gap={0}
              component="ul"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label="Products found"
            >
              {items.map((item, i) => {
                const inLines = picked.get(item.key);
                const blocked =
                  item.unavailable ?? (leaving && item.stock <= 0 ? 'None in stock here' : null);
                return (
                  <Group
                    component="li"
                    key={item.key}
                    justify="space-between"
                    wrap="nowrap"
                    gap="sm"
                    px="sm"
                    py={8}
                    style={{
                      borderTop: i ? '1px solid var(--mantine-color-gray-2)' : undefined,
                      opacity: blocked ? 0.65 : 1,
                    }}
                    data-testid="picker-item"
                  >
                    <div style={{ minWidth: 0, flex: 1 }}>
                      <Text fw={500} size="sm" lineClamp={2}>
                        {item.name}
                      </Text>
                      <Group gap={6} wrap="wrap">
                        <Text size="xs" c={item.stock > 0 ? 'dimmed' : 'red.9'}>
                          In stock: {item.stock}
                        </Text>
                        {item.sku && (
                          <Text size="xs" c="dimmed">
                            · SKU {item.sku}
                          </Text>
                        )}
                        {blocked && (
                          <Text size="xs" c="dimmed">
                            · {blocked}
                          </Text>
                        )}
                      </Group>
                    </div>
                    {inLines !== undefined ? (
                      <Group gap={4} wrap="nowrap">
                        <Badge color="teal" variant="light" leftSection={<IconCheck size={12} />}>
                          {inLines}
                        </Badge>
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => onAdd(item)}
                          aria-label={`One more ${item.name}`}
                          disabled={!!blocked}
                        >
                          +1
                        </Button>
                      </Group>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconPlus size={14} />}
                        onClick={() => onAdd(item)}
                        disabled={!!blocked}
                        aria-label={`Add ${item.name}`}
                      >
                        Add
                      </Button>
                    )}
                  </Group>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
          {total > PAGE && (
            <Text
              size="xs"
              c="dimmed"
              px="sm"
              py={6}
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            >
              Showing the first {PAGE} of {total} products. Type a name to find others.
            </Text>
          )}
        </Paper>
      )}
    </Stack>
  );
};

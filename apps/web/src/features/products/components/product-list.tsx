import type { MouseEvent } from 'react';
import { Anchor, Box, Checkbox, Group, Image, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { Product } from '@ms/contracts';
import { Link, useLocation, useNavigate } from 'react-router';
import { priceLabel, stockIn, stockState } from '../lib/stock';

export const editPath = (id: string) => `/productsinventory/edit-product/${id}`;

export type ProductListProps = {
  products: Product[];
  /** Category and subcategory names by id. */
  categoryNames: ReadonlyMap<string, string>;
  storeId: string | null;
  selected: ReadonlySet<string>;
  onToggle?: (id: string) => void;
  onToggleAll?: () => void;
};

export const Thumbnail = ({ src, size = 44 }: { src?: string; size?: number }) =>
  src ? (
    <Image
      src={src}
      alt=""
      w={size}
      h={size}
      radius="sm"
      fit="cover"
      style={{ flex: 'none' }}
      loading="lazy"
    />
  ) : (
    <Box
      w={size}
      h={size}
      bg="gray.1"
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        display: 'grid',
        placeItems: 'center',
        flex: 'none',
      }}
    >
      <IconPhoto size={size / 2} color="var(--mantine-color-gray-5)" aria-hidden />
    </Box>
  );

/** Stock in red when out, amber when low; "Not tracked" for services and untracked products. */
export const StockValue = ({ product, storeId }: { product: Product; storeId: string | null }) => {
  const stock = stockIn(product, storeId);
  const state = stockState(product, stock);
  if (state === 'untracked')
    return (
      <Text size="sm" c="dimmed">
        Not tracked
      </Text>
    );
  const color = state === 'out' ? 'red.8' : state === 'low' ? 'orange.8' : undefined;
  return (
    <Text size="sm" c={color} fw={state === 'ok' ? 400 : 700} data-stock-state={state}>
      {stock.toLocaleString('en-NG')}
      {state === 'out' ? ' · Out' : state === 'low' ? ' · Low' : ''}
    </Text>
  );
};

const categoryOf = (p: Product, names: ReadonlyMap<string, string>) => {
  const cat = p.category_id ? names.get(p.category_id) : undefined;
  const sub = p.subcategory_id ? names.get(p.subcategory_id) : undefined;
  return cat ? (sub ? `${cat} › ${sub}` : cat) : '';
};

const variantsOf = (p: Product) => (p.varieties.length ? String(p.varieties.length) : '—');

const stop = (e: MouseEvent) => e.stopPropagation();

/** The product screen returns to this list, with its search and filters. */
const useFromState = () => {
  const { pathname, search } = useLocation();
  return { from: pathname + search };
};

/** The products of one page as a table (laptops). A row opens the product. */
export const ProductTable = ({
  products,
  categoryNames,
  storeId,
  selected,
  onToggle,
  onToggleAll,
}: ProductListProps) => {
  const navigate = useNavigate();
  const state = useFromState();
  const all = products.length > 0 && products.every((p) => selected.has(p._id));
  const some = products.some((p) => selected.has(p._id));
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table highlightOnHover verticalSpacing="xs" striped={false}>
        <Table.Thead>
          <Table.Tr>
            {onToggle && (
              <Table.Th w={44}>
                <Checkbox
                  aria-label="Select all products on this page"
                  checked={all}
                  indeterminate={some && !all}
                  onChange={onToggleAll}
                />
              </Table.Th>
            )}
            <Table.Th>Product</Table.Th>
            <Table.Th>SKU</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Stock</Table.Th>
            <Table.Th ta="right">Variants</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((p) => (
            <Table.Tr
              key={p._id}
              onClick={() => void navigate(editPath(p._id), { state })}
              style={{ cursor: 'pointer' }}
              bg={selected.has(p._id) ? 'var(--mantine-primary-color-light)' : undefined}
              data-testid="product-row"
            >
              {onToggle && (
                <Table.Td onClick={stop}>
                  <Checkbox
                    aria-label={`Select ${p.name}`}
                    checked={selected.has(p._id)}
                    onChange={() => onToggle(p._id)}
                  />
                </Table.Td>
              )}
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Thumbnail src={p.images[0]} />
                  <Anchor
                    component={Link}
                    to={editPath(p._id)}
                    state={state}
                    fw={600}
                    c="inherit"
                    onClick={stop}
                  >
                    {p.name}
                  </Anchor>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={p.sku ? undefined : 'dimmed'}>
                  {p.sku ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={p.category_id ? undefined : 'dimmed'}>
                  {categoryOf(p, categoryNames) || 'None'}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {priceLabel(p)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <StockValue product={p} storeId={storeId} />
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{variantsOf(p)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** The same products as cards (phones). */
export const ProductCards = ({ products, categoryNames, storeId, selected, onToggle }: ProductListProps) => {
  const navigate = useNavigate();
  const state = useFromState();
  return (
    <Stack gap="xs">
      {products.map((p) => {
        const category = categoryOf(p, categoryNames);
        return (
          <Paper
            key={p._id}
            withBorder
            p="sm"
            radius="md"
            onClick={() => void navigate(editPath(p._id), { state })}
            style={{ cursor: 'pointer' }}
            bg={selected.has(p._id) ? 'var(--mantine-primary-color-light)' : undefined}
            data-testid="product-row"
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {onToggle && (
                <Box onClick={stop} pt={12}>
                  <Checkbox
                    aria-label={`Select ${p.name}`}
                    checked={selected.has(p._id)}
                    onChange={() => onToggle(p._id)}
                  />
                </Box>
              )}
              <Thumbnail src={p.images[0]} size={52} />
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Anchor
                  component={Link}
                  to={editPath(p._id)}
                  state={state}
                  fw={600}
                  c="inherit"
                  onClick={stop}
                  lineClamp={2}
                >
                  {p.name}
                </Anchor>
                <Text size="xs" c="dimmed" truncate>
                  {[p.sku, category, p.varieties.length ? `${p.varieties.length} variants` : null]
                    .filter(Boolean)
                    .join(' · ') || 'No SKU or category'}
                </Text>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {priceLabel(p)}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <Text size="xs" c="dimmed">
                      Stock
                    </Text>
                    <StockValue product={p} storeId={storeId} />
                  </Group>
                </Group>
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
};

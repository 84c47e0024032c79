import { useState } from 'react';
import { Group, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { formatMoney, type Product } from '@ms/contracts';
import { getProducts } from '@/features/products';
import { useBusinessId } from '@/lib/session-store';
import { hasLocalProducts, searchLocalProducts } from '@/offline';

export type PickedProduct = { product_id: string; variety_id: string | null; name: string; price: number };

/** Products to invoice: from those on this device when downloaded (offline too), else the server's search. */
const findProducts = async (businessId: string, search: string): Promise<Product[]> => {
  if (await hasLocalProducts(businessId))
    return (await searchLocalProducts(businessId, { search, limit: 8 })).items;
  const page = await getProducts(businessId, {
    search,
    category: null,
    tag: null,
    store: null,
    productType: [],
    stock: null,
    sort: 'name',
    page: 1,
    limit: 8,
  });
  return page.items;
};

/** Search the catalogue and add a product (or one of its varieties) as an invoice line. */
export const ProductLinePicker = ({ onPick }: { onPick: (p: PickedProduct) => void }) => {
  const businessId = useBusinessId();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const found = useQuery({
    queryKey: ['invoices', businessId, 'product-search', debounced],
    queryFn: () => findProducts(businessId, debounced),
    enabled: !!businessId && debounced.length > 0,
    networkMode: 'always',
  });
  const choices = (found.data ?? []).flatMap((p): PickedProduct[] =>
    p.varieties.length
      ? p.varieties.map((v) => ({
          product_id: p._id,
          variety_id: v._id,
          name: `${p.name} (${v.name})`,
          price: v.selling_price,
        }))
      : [{ product_id: p._id, variety_id: null, name: p.name, price: p.selling_price }],
  );
  return (
    <Stack gap={4}>
      <TextInput
        label="Add a product"
        placeholder="Search your products by name, SKU or barcode"
        leftSection={<IconSearch size={16} />}
        rightSection={found.isFetching ? <Loader size="xs" /> : null}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {debounced && choices.length > 0 && (
        <Paper withBorder>
          {choices.slice(0, 8).map((c) => (
            <UnstyledButton
              key={`${c.product_id}:${c.variety_id ?? ''}`}
              p="xs"
              w="100%"
              onClick={() => {
                onPick(c);
                setSearch('');
              }}
            >
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>
                  {c.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatMoney(c.price)}
                </Text>
              </Group>
            </UnstyledButton>
          ))}
        </Paper>
      )}
      {debounced && found.isSuccess && choices.length === 0 && (
        <Text size="sm" c="dimmed">
          No product matches “{debounced}”. Add it as a free line below.
        </Text>
      )}
    </Stack>
  );
};

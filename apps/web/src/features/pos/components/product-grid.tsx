import { Badge, Card, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatMoney, type Product } from '@ms/contracts';
import { priceLabel, stockIn, stockState } from '@/features/products';

type Props = {
  products: Product[];
  storeId: string | null;
  loading: boolean;
  onPick: (p: Product) => void;
};

/** Big tiles: name, price and stock in this store. Out of stock is greyed but still sellable. */
export const ProductGrid = ({ products, storeId, loading, onPick }: Props) => {
  if (loading)
    return (
      <SimpleGrid cols={{ base: 2, xs: 3, lg: 4 }} spacing="xs">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} h={96} radius="md" />
        ))}
      </SimpleGrid>
    );
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, lg: 4 }} spacing="xs" data-testid="product-grid">
      {products.map((p) => {
        const stock = stockIn(p, storeId);
        const state = stockState(p, stock);
        const out = state === 'out';
        return (
          <UnstyledButton
            key={p._id}
            onClick={() => onPick(p)}
            aria-label={`Add ${p.name}`}
            data-testid="product-tile"
          >
            <Card
              withBorder
              radius="md"
              padding="sm"
              h="100%"
              mih={96}
              style={{ opacity: out ? 0.55 : 1, background: out ? 'var(--mantine-color-gray-1)' : undefined }}
            >
              <Stack gap={4} justify="space-between" h="100%">
                <Text fw={600} size="sm" lineClamp={2}>
                  {p.name}
                </Text>
                <Text fw={700} size="sm">
                  {p.varieties.length > 0 ? priceLabel(p) : formatMoney(p.selling_price)}
                </Text>
                {state === 'untracked' ? null : out ? (
                  <Badge color="gray" variant="light" size="sm">
                    Out of stock
                  </Badge>
                ) : (
                  <Text size="xs" c={state === 'low' ? 'orange.9' : 'dimmed'}>
                    {stock} in stock
                  </Text>
                )}
              </Stack>
            </Card>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
};

import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import type { Product } from '@ms/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ProductGrid } from './product-grid';

/** The till's products: the grid, or why it is empty (nothing matches, or no products yet), or the failure. */
export const TillProducts = ({
  products,
  narrowed,
  storeId,
  onPick,
}: {
  products: UseQueryResult<{ items: Product[]; total: number }>;
  /** A search or a category is on. */
  narrowed: boolean;
  storeId: string | null;
  onPick: (p: Product) => void;
}) => {
  const items = products.data?.items ?? [];
  return (
    <>
      {products.isError ? (
        <Alert color="red" title="Products could not be loaded">
          {products.error.message}
        </Alert>
      ) : !products.isPending && items.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center" c="dimmed">
            {narrowed
              ? 'No product matches. Try another name or category.'
              : 'No products yet. Add products in Products, then sell them here.'}
          </Text>
          {!narrowed && (
            <Group justify="center" mt="sm">
              <Button component={Link} to="/add-product" variant="light">
                Add a product
              </Button>
            </Group>
          )}
        </Paper>
      ) : (
        <ProductGrid products={items} storeId={storeId} loading={products.isPending} onPick={onPick} />
      )}
      {(products.data?.total ?? 0) > items.length && (
        <Text size="xs" c="dimmed" ta="center">
          Showing {items.length} of {products.data!.total}. Search to find the others.
        </Text>
      )}
    </>
  );
};

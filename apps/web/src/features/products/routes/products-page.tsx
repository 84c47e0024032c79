import { useMemo, useState } from 'react';
import { CatalogueTabs } from '@/components/catalogue-tabs';
import { Badge, Button, Center, Group, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconPackage, IconPlus, IconUpload } from '@tabler/icons-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { DebouncedSearch } from '@/components/ui/debounced-search';
import { hasPermission, useSession } from '@/lib/session-store';
import { useMyStores } from '@/features/stores';
import { useProducts, type ProductListParams } from '../api/products';
import { BulkActions } from '../components/bulk-actions';
import { useCategoryList, useTagList } from '../components/catalogue-data';
import { ProductFilters } from '../components/product-filters';
import { ProductCards, ProductTable } from '../components/product-list';
import { activeFilterCount, readListParams, writeListParams } from '../lib/list-params';
import { LoadError } from '@/components/ui/query-states';
import { Pager, pageCount } from '@/components/ui/pager';

/** Typing pauses this long before the list is asked again (fast enough to feel live). */
const SEARCH_DELAY_MS = 250;

/**
 * The products list (spec 001 §2 /products, /products_v2, /productsinventory/myproducts,
 * /inventory/myproducts): server-paged, so it stays quick with 100,000 products.
 */
const ProductsPage = () => {
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const from = { from: location.pathname + location.search };
  const params = useMemo(() => readListParams(searchParams), [searchParams]);
  const wide = useMediaQuery('(min-width: 62em)', undefined, { getInitialValueInEffect: false });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const canCreate = hasPermission(session, 'catalogue.create_product');
  const canEdit = hasPermission(session, 'catalogue.edit_product');
  const canDelete = hasPermission(session, 'catalogue.delete_product');
  const canSelect = canEdit || canDelete;

  const list = useProducts(params);
  const categories = useCategoryList();
  const tags = useTagList();
  const stores = useMyStores();

  const categoryNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const c of categories.data) {
      names.set(c._id, c.name);
      for (const s of c.subcategories) names.set(s._id, s.name);
    }
    return names;
  }, [categories.data]);

  const update = (patch: Partial<ProductListParams>) => {
    // A new search or filter starts again at page 1 and forgets the selection.
    const next = { ...params, page: 1, ...patch };
    setSearchParams(writeListParams(next), { replace: true });
    if (!('page' in patch)) setSelected(new Set());
  };

  const products = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, params.limit);
  const filters = activeFilterCount(params);
  const narrowed = filters > 0 || params.search.trim() !== '';
  const showFilters = wide || filtersOpen;

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected((prev) =>
      products.every((p) => prev.has(p._id)) ? new Set() : new Set(products.map((p) => p._id)),
    );

  const listProps = {
    products,
    categoryNames,
    storeId: params.store,
    selected,
    onToggle: canSelect ? toggle : undefined,
    onToggleAll: canSelect ? toggleAll : undefined,
  };

  return (
    <Stack maw={1200} mx="auto" gap="md">
      <CatalogueTabs active="products" />
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Products
          </Title>
          <Text c="dimmed">Everything you sell, with its price and stock. Tap a product to change it.</Text>
        </div>
        {canCreate && (
          <Group gap="xs" wrap="nowrap" grow={!wide} w={wide ? undefined : '100%'}>
            <Button
              component={Link}
              to="/bulk-products-upload"
              state={from}
              variant="default"
              leftSection={<IconUpload size={18} />}
              size={wide ? 'md' : 'sm'}
            >
              Bulk upload
            </Button>
            <Button
              component={Link}
              to="/add-product"
              state={from}
              leftSection={<IconPlus size={18} />}
              size={wide ? 'md' : 'sm'}
            >
              Add product
            </Button>
          </Group>
        )}
      </Group>

      <Group gap="xs" wrap="nowrap" align="flex-end">
        <div style={{ flex: 1 }}>
          <DebouncedSearch
            key={params.search === '' ? 'empty' : 'kept'}
            placeholder={wide ? 'Search by name, SKU or barcode' : 'Search products'}
            defaultValue={params.search}
            delayMs={SEARCH_DELAY_MS}
            onSearch={(search) => update({ search })}
          />
        </div>
        {!wide && (
          <Button
            variant={filtersOpen ? 'light' : 'default'}
            size="md"
            px="sm"
            onClick={() => setFiltersOpen((o) => !o)}
            aria-expanded={filtersOpen}
            leftSection={<IconAdjustmentsHorizontal size={18} />}
            rightSection={
              filters ? (
                <Badge size="sm" circle>
                  {filters}
                </Badge>
              ) : null
            }
          >
            Filters
          </Button>
        )}
      </Group>

      {showFilters && (
        <ProductFilters
          params={params}
          onChange={update}
          categories={categories.data}
          tags={tags.data}
          stores={stores.data ?? []}
        />
      )}

      {selected.size > 0 && (
        <BulkActions
          ids={[...selected]}
          categories={categories.data}
          canEdit={canEdit}
          canDelete={canDelete}
          onDone={() => setSelected(new Set())}
        />
      )}

      {list.isPending ? (
        <Stack gap="xs" aria-label="Loading products">
          {[1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} h={56} radius="md" />
          ))}
        </Stack>
      ) : list.isError && !list.data ? (
        <LoadError what="your products" error={list.error} onRetry={() => void list.refetch()} />
      ) : products.length === 0 ? (
        <Center py="xl">
          <Stack align="center" gap="xs" ta="center" maw={380}>
            <IconPackage size={44} color="var(--mantine-color-gray-5)" aria-hidden />
            {narrowed ? (
              <>
                <Text fw={600}>
                  {params.search.trim()
                    ? `No product matches “${params.search.trim()}”`
                    : 'No product matches these filters'}
                </Text>
                <Text c="dimmed" size="sm">
                  Check the spelling, or clear the search and filters to see every product.
                </Text>
                <Button
                  variant="default"
                  onClick={() => setSearchParams(new URLSearchParams(), { replace: true })}
                >
                  Clear search and filters
                </Button>
              </>
            ) : (
              <>
                <Text fw={600} size="lg">
                  No products yet
                </Text>
                <Text c="dimmed" size="sm">
                  {canCreate
                    ? 'Add the things you sell one by one, or upload a spreadsheet of many at once.'
                    : 'Your business has no products yet. Ask your admin to add them.'}
                </Text>
                {canCreate && (
                  <Group gap="xs" justify="center">
                    <Button
                      component={Link}
                      to="/add-product"
                      state={from}
                      leftSection={<IconPlus size={18} />}
                    >
                      Add product
                    </Button>
                    <Button
                      component={Link}
                      to="/bulk-products-upload"
                      state={from}
                      variant="default"
                      leftSection={<IconUpload size={18} />}
                    >
                      Bulk upload
                    </Button>
                  </Group>
                )}
              </>
            )}
          </Stack>
        </Center>
      ) : (
        <>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite">
              {total.toLocaleString('en-NG')} {total === 1 ? 'product' : 'products'}
              {pages > 1 ? ` · page ${params.page} of ${pages.toLocaleString('en-NG')}` : ''}
            </Text>
            {list.isFetching && <Loader size="xs" aria-label="Updating the list" />}
          </Group>
          {wide ? (
            <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
              <ProductTable {...listProps} />
            </Paper>
          ) : (
            <ProductCards {...listProps} />
          )}
          <Pager
            pages={pages}
            page={params.page}
            onChange={(page) => {
              update({ page });
              window.scrollTo({ top: 0 });
            }}
            size={wide ? 'md' : 'sm'}
            siblings={wide ? 1 : 0}
            boundaries={1}
          />
        </>
      )}
    </Stack>
  );
};

export default ProductsPage;

import { useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconClipboardCheck, IconSearch } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCategories } from '@/features/categories';
import { useSession } from '@/lib/session-store';
import { useStartCount } from '../api/counts';
import { PageHeader } from '@/components/ui/page-header';
import { Empty, LoadError, Loading, NotAllowed } from '@/components/ui/query-states';
import { ChoiceCard } from '../components/scope-card';
import { StoreSelect } from '../components/store-select';
import { plural } from '../lib/format';
import { inventoryPaths, submitCountPath } from '../lib/paths';
import { inventoryRights } from '../lib/permissions';

/** Start a count of one category (subcategories included) in a store. */
const CategoryCountPage = () => {
  const rights = inventoryRights(useSession());
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [store, setStore] = useState<string | null>(params.get('store'));
  const note = params.get('note') ?? '';
  const categories = useCategories();
  const start = useStartCount();
  const [picked, setPicked] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const back = { to: inventoryPaths.newCount, label: 'New stock count' };

  // Categories, each followed by its subcategories; a search keeps a category when it or a subcategory matches.
  const options = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const hit = (name: string) => !needle || name.toLowerCase().includes(needle);
    return (categories.data ?? []).flatMap((c) => {
      const subs = c.subcategories.filter((s) => hit(s.name) || hit(c.name));
      if (!hit(c.name) && subs.length === 0) return [];
      return [
        { id: c._id, name: c.name, count: c.product_count, sub: false },
        ...subs.map((s) => ({ id: s._id, name: s.name, count: s.product_count, sub: true, parent: c.name })),
      ];
    });
  }, [categories.data, search]);

  if (!rights.counts) {
    return (
      <Stack maw={720} mx="auto">
        <PageHeader title="Count a category" back={back} />
        <NotAllowed what="start stock counts" />
      </Stack>
    );
  }

  const begin = () => {
    if (!store || !picked) return;
    start.mutate(
      { store_id: store, scope: 'category', category_id: picked, note: note || undefined },
      { onSuccess: (count) => navigate(submitCountPath(count._id), { replace: true }) },
    );
  };

  return (
    <Stack maw={720} mx="auto" gap="md" pb="xl">
      <PageHeader
        title="Count a category"
        description="Pick the category whose items you will count. Its subcategories are counted too."
        back={back}
      />
      <StoreSelect label="Store to count" withAsterisk value={store} onChange={setStore} autoPick={!store} />
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        {categories.isPending ? (
          <Loading label="Loading categories…" />
        ) : categories.isError ? (
          <LoadError what="categories" error={categories.error} onRetry={() => void categories.refetch()} />
        ) : (categories.data ?? []).length === 0 ? (
          <Empty title="No categories yet">
            <Text c="dimmed" size="sm">
              Put your products in categories first, or count the whole store instead.
            </Text>
            <Button component={Link} to={inventoryPaths.newCount} variant="default">
              Count the whole store
            </Button>
          </Empty>
        ) : (
          <Stack gap="sm">
            <TextInput
              aria-label="Search categories"
              placeholder="Search categories"
              leftSection={<IconSearch size={18} aria-hidden />}
              size="md"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <Radio.Group value={picked} onChange={setPicked} aria-label="Category" name="category">
              <ScrollArea.Autosize mah={420} type="auto">
                <Stack gap="xs">
                  {options.length === 0 && (
                    <Text c="dimmed" size="sm">
                      No category matches “{search.trim()}”.
                    </Text>
                  )}
                  {options.map((o) => (
                    <div key={o.id} style={{ paddingLeft: o.sub ? 24 : 0 }}>
                      <ChoiceCard value={o.id} title={o.name}>
                        {o.sub ? `In ${'parent' in o ? o.parent : ''} · ` : ''}
                        {plural(o.count, 'product')}
                      </ChoiceCard>
                    </div>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            </Radio.Group>
          </Stack>
        )}
      </Paper>
      {start.error && (
        <Alert color="red" title="Could not start the count" role="alert">
          {start.error.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          size="md"
          onClick={begin}
          disabled={!store || !picked}
          loading={start.isPending}
          leftSection={<IconClipboardCheck size={18} />}
        >
          Start count
        </Button>
      </Group>
    </Stack>
  );
};

export default CategoryCountPage;

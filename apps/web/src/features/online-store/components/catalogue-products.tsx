import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  Group,
  Image,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPhoto, IconSearch, IconWorldUpload } from '@tabler/icons-react';
import { formatMoney, type OnlineCatalogueItem } from '@ms/contracts';
import { Empty, LoadError } from '@/components/ui/query-states';
import { Pager, pageCount } from '@/components/ui/pager';
import { useOnlineCatalogue, useUpdateCatalogue, type CatalogueChange } from '../api/online-store';

const PAGE_SIZE = 50;
type Filter = 'all' | 'published' | 'unpublished';

const Thumb = ({ src }: { src: string | null }) =>
  src ? (
    <Image src={src} alt="" w={48} h={48} radius="sm" fit="cover" loading="lazy" style={{ flex: 'none' }} />
  ) : (
    <Box
      w={48}
      h={48}
      bg="gray.1"
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        display: 'grid',
        placeItems: 'center',
        flex: 'none',
      }}
    >
      <IconPhoto size={22} color="var(--mantine-color-gray-5)" aria-hidden />
    </Box>
  );

const Stock = ({ item }: { item: OnlineCatalogueItem }) =>
  item.available === null ? (
    <Text size="sm" c="dimmed">
      Not tracked
    </Text>
  ) : item.available <= 0 ? (
    <Text size="sm" c="red.8" fw={700}>
      Out of stock
    </Text>
  ) : (
    <Text size="sm">{item.available.toLocaleString('en-NG')} left</Text>
  );

/**
 * The online price: blank sells at the selling price. Saved when the owner leaves the box or
 * presses Enter, only when it changed.
 */
const PriceInput = ({
  item,
  onSave,
}: {
  item: OnlineCatalogueItem;
  onSave: (c: CatalogueChange) => void;
}) => {
  const [value, setValue] = useState<number | ''>(item.online_price ?? '');
  const [seen, setSeen] = useState(item.online_price);
  // The row was saved or refreshed: show what the server has.
  if (seen !== item.online_price) {
    setSeen(item.online_price);
    setValue(item.online_price ?? '');
  }
  const commit = () => {
    const next = value === '' || value <= 0 ? null : value;
    if (value !== '' && value <= 0) setValue('');
    if (next !== item.online_price) onSave({ product_id: item.product_id, online_price: next });
  };
  return (
    <NumberInput
      aria-label={`Online price of ${item.name}`}
      placeholder={formatMoney(item.selling_price)}
      prefix="₦"
      min={0}
      decimalScale={2}
      thousandSeparator=","
      hideControls
      value={value}
      onChange={(v) => setValue(typeof v === 'number' ? v : v === '' ? '' : Number(v) || '')}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
      }}
      size="md"
      w={140}
    />
  );
};

const PublishSwitch = ({
  item,
  onSave,
  showState,
}: {
  item: OnlineCatalogueItem;
  onSave: (c: CatalogueChange) => void;
  /** Says under the switch whether shoppers see it (the phone cards have no column header). */
  showState?: boolean;
}) => (
  <Stack gap={2} align="center" style={{ flex: 'none' }}>
    <Switch
      size="lg"
      checked={item.published}
      aria-label={`Publish ${item.name}`}
      onChange={(e) => onSave({ product_id: item.product_id, published: e.currentTarget.checked })}
    />
    {showState && (
      <Text size="xs" c={item.published ? 'teal.8' : 'dimmed'} fw={600}>
        {item.published ? 'In shop' : 'Hidden'}
      </Text>
    )}
  </Stack>
);

const DescriptionDialog = ({
  item,
  onClose,
  onSave,
  saving,
}: {
  item: OnlineCatalogueItem;
  onClose: () => void;
  onSave: (c: CatalogueChange, done: () => void) => void;
  saving: boolean;
}) => {
  const [text, setText] = useState(item.online_description ?? '');
  return (
    <Modal opened onClose={onClose} title={<Text fw={700}>Online description</Text>} centered>
      <Stack>
        <Text size="sm" c="dimmed">
          What shoppers read about {item.name}. Leave it empty to show the product&apos;s own description.
        </Text>
        <Textarea
          label="Description"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={2000}
          rows={4}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm" wrap="nowrap">
          <Button variant="default" size="md" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button
            size="md"
            loading={saving}
            onClick={() =>
              onSave({ product_id: item.product_id, online_description: text.trim() || null }, onClose)
            }
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

type RowProps = {
  item: OnlineCatalogueItem;
  onSave: (c: CatalogueChange) => void;
  onDescribe: () => void;
};

const priceNote = (item: OnlineCatalogueItem) =>
  item.variation ? 'Blank: each size at its own price' : 'Blank: same as selling price';

/** A product as a card (phones). */
const ItemCard = ({ item, onSave, onDescribe }: RowProps) => (
  <Paper withBorder radius="md" p="sm" data-testid="catalogue-item">
    <Stack gap="xs">
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Thumb src={item.image} />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} lineClamp={2}>
            {item.name}
          </Text>
          <Text size="sm" c="dimmed">
            {item.variation ? 'From ' : ''}
            {formatMoney(item.selling_price)}
          </Text>
          <Stock item={item} />
        </Stack>
        <PublishSwitch item={item} onSave={onSave} showState />
      </Group>
      <Group justify="space-between" wrap="nowrap" align="flex-end" gap="xs">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" fw={600}>
            Online price
          </Text>
          <PriceInput item={item} onSave={onSave} />
          <Text size="xs" c="dimmed">
            {priceNote(item)}
          </Text>
        </Stack>
        <Button
          variant="subtle"
          leftSection={<IconPencil size={16} />}
          onClick={onDescribe}
          style={{ flex: 'none' }}
          px="xs"
        >
          Description
        </Button>
      </Group>
    </Stack>
  </Paper>
);

const ItemTable = ({
  items,
  onSave,
  onDescribe,
}: {
  items: OnlineCatalogueItem[];
  onSave: (c: CatalogueChange) => void;
  onDescribe: (item: OnlineCatalogueItem) => void;
}) => (
  <Table.ScrollContainer minWidth={720}>
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Product</Table.Th>
          <Table.Th ta="right">Selling price</Table.Th>
          <Table.Th>Online price</Table.Th>
          <Table.Th>In stock</Table.Th>
          <Table.Th>Published</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.product_id} data-testid="catalogue-item">
            <Table.Td>
              <Group wrap="nowrap" gap="sm">
                <Thumb src={item.image} />
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm">
                    {item.name}
                  </Text>
                  {item.category_name && (
                    <Text size="xs" c="dimmed">
                      {item.category_name}
                    </Text>
                  )}
                </div>
              </Group>
            </Table.Td>
            <Table.Td ta="right">
              {item.variation ? 'From ' : ''}
              {formatMoney(item.selling_price)}
            </Table.Td>
            <Table.Td>
              <PriceInput item={item} onSave={onSave} />
              <Text size="xs" c="dimmed">
                {priceNote(item)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Stock item={item} />
            </Table.Td>
            <Table.Td>
              <PublishSwitch item={item} onSave={onSave} />
            </Table.Td>
            <Table.Td>
              <Button
                variant="subtle"
                size="sm"
                leftSection={<IconPencil size={16} />}
                onClick={() => onDescribe(item)}
              >
                Description
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

/** The products the shop can sell: publish them, give them an online price and description. */
export const CatalogueProducts = () => {
  const phone = useMediaQuery('(max-width: 48em)');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [describing, setDescribing] = useState<OnlineCatalogueItem | null>(null);
  const list = useOnlineCatalogue({
    page,
    limit: PAGE_SIZE,
    search: debounced,
    published: filter === 'all' ? null : filter === 'published',
  });
  const update = useUpdateCatalogue();
  const save = (change: CatalogueChange, done?: () => void) =>
    update.mutate([change], { onSuccess: () => done?.() });
  const items = list.data?.items ?? [];
  const unpublished = items.filter((i) => !i.published);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Text fw={700} size="lg">
            Products in your shop
          </Text>
          <Text size="sm" c="dimmed">
            Switch a product on to show it in your online shop.
          </Text>
        </div>
        {unpublished.length > 0 && (
          <Button
            variant="light"
            size="md"
            leftSection={<IconWorldUpload size={18} />}
            loading={update.isPending && (update.variables?.length ?? 0) > 1}
            onClick={() =>
              update.mutate(
                unpublished.map((i) => ({ product_id: i.product_id, published: true })),
                {
                  onSuccess: ({ items: done }) =>
                    notifications.show({
                      color: 'teal',
                      message: `${done.length} product${done.length === 1 ? '' : 's'} published`,
                    }),
                },
              )
            }
          >
            Publish all on this page ({unpublished.length})
          </Button>
        )}
      </Group>
      <TextInput
        type="search"
        aria-label="Search products"
        placeholder="Search products by name"
        leftSection={<IconSearch size={16} />}
        size="md"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      <SegmentedControl
        aria-label="Show"
        value={filter}
        onChange={(v) => {
          setFilter(v as Filter);
          setPage(1);
        }}
        data={[
          { value: 'all', label: 'All' },
          { value: 'published', label: 'Published' },
          { value: 'unpublished', label: 'Not published' },
        ]}
      />
      {list.isError && !list.data ? (
        <LoadError what="the products" error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Stack>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={72} />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <Empty title={debounced || filter !== 'all' ? 'No products match' : 'No products yet'}>
          <Text size="sm" c="dimmed">
            {debounced || filter !== 'all'
              ? 'Try another search or filter.'
              : 'Add products to your catalogue first; then publish them here.'}
          </Text>
        </Empty>
      ) : phone ? (
        <Stack gap="xs">
          {items.map((item) => (
            <ItemCard
              key={item.product_id}
              item={item}
              onSave={save}
              onDescribe={() => setDescribing(item)}
            />
          ))}
        </Stack>
      ) : (
        <Card withBorder p={0}>
          <ItemTable items={items} onSave={save} onDescribe={setDescribing} />
        </Card>
      )}
      <Pager pages={pageCount(list.data?.total ?? 0, PAGE_SIZE)} page={page} onChange={setPage} />
      {describing && (
        <DescriptionDialog
          item={describing}
          onClose={() => setDescribing(null)}
          onSave={save}
          saving={update.isPending}
        />
      )}
    </Stack>
  );
};

import { useState } from 'react';
import { Alert, Button, Group, Paper, Radio, Stack, Textarea } from '@mantine/core';
import { IconArrowRight, IconClipboardCheck } from '@tabler/icons-react';
import type { CountScope } from '@ms/contracts';
import { useNavigate } from 'react-router';
import { useSession } from '@/lib/session-store';
import { useStartCount } from '../api/counts';
import { PageHeader } from '@/components/ui/page-header';
import { NotAllowed } from '@/components/ui/query-states';
import { ChoiceCard } from '../components/scope-card';
import { StoreSelect } from '../components/store-select';
import { inventoryPaths, submitCountPath } from '../lib/paths';
import { inventoryRights } from '../lib/permissions';

/** Start a stock count: which store, and the whole store or one category. */
const NewCountPage = () => {
  const rights = inventoryRights(useSession());
  const navigate = useNavigate();
  const start = useStartCount();
  const [store, setStore] = useState<string | null>(null);
  const [scope, setScope] = useState<CountScope>('store');
  const [note, setNote] = useState('');
  const back = { to: inventoryPaths.counts, label: 'Stock counts' };

  if (!rights.counts) {
    return (
      <Stack maw={720} mx="auto">
        <PageHeader title="New stock count" back={back} />
        <NotAllowed what="start stock counts" />
      </Stack>
    );
  }

  const next = () => {
    if (!store) return;
    if (scope === 'category') {
      const q = new URLSearchParams({ store });
      if (note.trim()) q.set('note', note.trim());
      navigate(`${inventoryPaths.categoryCount}?${q.toString()}`);
      return;
    }
    start.mutate(
      { store_id: store, scope: 'store', note: note.trim() || undefined },
      { onSuccess: (count) => navigate(submitCountPath(count._id), { replace: true }) },
    );
  };

  return (
    <Stack maw={720} mx="auto" gap="md" pb="xl">
      <PageHeader
        title="New stock count"
        description="We note what the system expects for every item now; you then enter what you find on the shelves."
        back={back}
      />
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <Stack gap="md">
          <StoreSelect
            label="Store to count"
            withAsterisk
            value={store}
            onChange={setStore}
            autoPick={!store}
          />
          <Radio.Group
            label="What to count"
            value={scope}
            onChange={(v) => setScope(v as CountScope)}
            size="md"
          >
            <Stack gap="xs" mt={6}>
              <ChoiceCard value="store" title="Whole store">
                Every item that tracks stock in this store.
              </ChoiceCard>
              <ChoiceCard value="category" title="One category">
                Only the items of a category (and its subcategories). Good for counting a shelf at a time.
              </ChoiceCard>
            </Stack>
          </Radio.Group>
          <Textarea
            label="Note"
            description="Optional, e.g. who is counting."
            size="md"
            autosize
            minRows={1}
            maxRows={4}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
        </Stack>
      </Paper>
      {start.error && (
        <Alert color="red" title="Could not start the count" role="alert">
          {start.error.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          size="md"
          onClick={next}
          disabled={!store}
          loading={start.isPending}
          leftSection={scope === 'store' ? <IconClipboardCheck size={18} /> : undefined}
          rightSection={scope === 'category' ? <IconArrowRight size={18} /> : undefined}
        >
          {scope === 'store' ? 'Start count' : 'Choose the category'}
        </Button>
      </Group>
    </Stack>
  );
};

export default NewCountPage;

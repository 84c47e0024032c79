import { useState } from 'react';
import { Alert, Skeleton, Stack } from '@mantine/core';
import { useMyStores } from '@/features/stores';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError } from '@/components/ui/query-states';
import { useAgentToggles, useSalesAgents } from '../api/sales-agents';
import { AddAgentForm } from '../components/add-agent-form';
import { StoreAgents } from '../components/store-agents';

/** /sales-agent (admin): the sales agents of each store, and whether its till asks for their code. */
const SalesAgentPage = () => {
  const stores = useMyStores();
  const agents = useSalesAgents();
  const toggles = useAgentToggles();
  const [storeId, setStoreId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const list = stores.data ?? [];
  const chosen = storeId ?? list[0]?._id ?? null;
  const error = stores.error ?? agents.error ?? toggles.error;

  return (
    <Stack maw={860} mx="auto" gap="md">
      <PageHeader
        title="Sales agents"
        description="People who bring customers to your shops. Turn on the agent code for a store and the till asks for it on every sale, so you see what each agent brought in."
        back={{ to: '/settings', label: 'Settings' }}
      />
      {failure && (
        <Alert color="red" title="That did not work" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {error ? (
        <LoadError what="the sales agents" error={error} />
      ) : stores.isPending || agents.isPending || toggles.isPending ? (
        <Stack gap="sm">
          {[1, 2].map((i) => (
            <Skeleton key={i} h={120} radius="md" />
          ))}
        </Stack>
      ) : (
        <>
          <AddAgentForm stores={list} storeId={chosen} onStore={setStoreId} />
          {list.map((store) => (
            <StoreAgents
              key={store._id}
              store={store}
              agents={(agents.data ?? []).filter((a) => a.store_id === store._id)}
              toggle={toggles.data?.find((t) => t.store_id === store._id)}
              onFailure={setFailure}
            />
          ))}
        </>
      )}
    </Stack>
  );
};

export default SalesAgentPage;

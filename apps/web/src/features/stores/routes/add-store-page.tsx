import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { createStoreBody, type CreateStoreBody } from '@ms/contracts';
import { Link, useNavigate } from 'react-router';
import { SuccessModal } from '@/components/ui/success-modal';
import { ApiError } from '@/lib/api-client';
import { formResolver } from '@/lib/form-resolver';
import { useSession } from '@/lib/session-store';
import { useCreateStore } from '../api/stores';
import { canManageStores } from '../can-manage-stores';
import { StoreFields, type StoreFieldValues } from '../components/store-fields';

const EMPTY: StoreFieldValues = { name: '', address: '', phone: '', email: '' };

/** Add a store (POST /v1/stores/); the person adding it is assigned to it. */
const AddStorePage = () => {
  const session = useSession();
  const navigate = useNavigate();
  const create = useCreateStore();
  const [created, setCreated] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<
    StoreFieldValues,
    unknown,
    CreateStoreBody
  >({
    resolver: formResolver(zodResolver(createStoreBody), {
      blank: {
        address: undefined,
        phone: undefined,
        email: undefined,
      },
    }),
    defaultValues: EMPTY,
  });

  if (!canManageStores(session)) {
    return (
      <Stack maw={560} mx="auto">
        <Title order={1} size="h2">
          Add store
        </Title>
        <Alert color="yellow" title="You cannot add stores">
          Your role does not include managing stores. Ask your admin to add the store or to give your role the
          “Stores” permission.
        </Alert>
      </Stack>
    );
  }

  const submit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (store) => {
        setCreated(store.name);
        reset(EMPTY);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) setError('name', { message: error.message });
      },
    }),
  );
  const serverError =
    create.error instanceof ApiError && create.error.status !== 409 ? create.error.message : null;

  return (
    <Stack maw={560} mx="auto" gap="md">
      <Anchor component={Link} to="/all-stores" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} /> All stores
        </Group>
      </Anchor>
      <div>
        <Title order={1} size="h2">
          Add store
        </Title>
        <Text c="dimmed">A new shop location. You can assign staff to it afterwards.</Text>
      </div>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <StoreFields register={register} errors={formState.errors} disabled={create.isPending} />
            {serverError && (
              <Alert color="red" title="Could not add the store">
                {serverError}
              </Alert>
            )}
            <Button type="submit" size="md" loading={create.isPending} fullWidth>
              Add store
            </Button>
          </Stack>
        </form>
      </Paper>
      <SuccessModal
        opened={created !== null}
        title="Store added"
        message={`${created ?? ''} is ready. You can now assign staff to it.`}
        onClose={() => {
          setCreated(null);
          void navigate('/all-stores');
        }}
      />
    </Stack>
  );
};

export default AddStorePage;

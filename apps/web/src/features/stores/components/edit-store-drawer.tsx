import { useEffect } from 'react';
import { Alert, Button, Drawer, Group, Stack, Switch, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { updateStoreBody, type Store, type UpdateStoreBody } from '@ms/contracts';
import { ApiError } from '@/lib/api-client';
import { formResolver } from '@/lib/form-resolver';
import { useUpdateStore } from '../api/stores';
import { StoreFields, type StoreFieldValues } from './store-fields';

type FormValues = StoreFieldValues & { is_active: boolean };

const toValues = (s: Store): FormValues => ({
  name: s.name,
  address: s.address ?? '',
  phone: s.phone ?? '',
  email: s.email ?? '',
  is_active: s.is_active,
});

/** Edits one store in a side drawer (full screen on a phone); only changed fields are sent. */
export const EditStoreDrawer = ({ store, onClose }: { store: Store | null; onClose: () => void }) => {
  const narrow = useMediaQuery('(max-width: 640px)');
  const update = useUpdateStore();
  const form = useForm<FormValues, unknown, UpdateStoreBody>({
    resolver: formResolver(zodResolver(updateStoreBody), { blank: { phone: null, email: null } }),
    defaultValues: store ? toValues(store) : undefined,
  });
  const { register, handleSubmit, reset, control, setError, formState } = form;

  useEffect(() => {
    if (store) reset(toValues(store));
    update.reset();
    // A different store opened: start from its values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store?._id]);

  const submit = handleSubmit((values) => {
    if (!store) return;
    const dirty = formState.dirtyFields;
    const body = Object.fromEntries(
      Object.entries(values).filter(([k]) => dirty[k as keyof FormValues]),
    ) as UpdateStoreBody;
    if (Object.keys(body).length === 0) return onClose();
    update.mutate(
      { id: store._id, body },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'teal', title: 'Store updated', message: `${saved.name} was saved.` });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setError('name', { message: error.message });
        },
      },
    );
  });

  const serverError =
    update.error instanceof ApiError && update.error.status !== 409 ? update.error.message : null;

  return (
    <Drawer
      opened={!!store}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'md'}
      title={<Text fw={700}>Edit {store?.name}</Text>}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <StoreFields register={register} errors={formState.errors} disabled={update.isPending} />
          <Controller
            control={control}
            name="is_active"
            render={({ field }) => (
              <Switch
                size="md"
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                label="Store is open"
                description="A closed store is hidden from sales screens. Its records stay."
                disabled={update.isPending}
              />
            )}
          />
          {serverError && (
            <Alert color="red" title="Could not save">
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={onClose} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" size="md" loading={update.isPending}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
};

import { useState } from 'react';
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { UpdateProductBody } from '@ms/contracts';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useMyStores } from '@/features/stores';
import { ApiError } from '@/lib/api-client';
import { hasPermission, useSession } from '@/lib/session-store';
import { useProduct, useDeleteProduct, useUpdateProduct } from '../api/products';
import { ProductForm } from '../components/product-form';
import { listPathFor } from '../lib/back-path';

/**
 * Edit a product (/productsinventory/edit-product/{id}). The save carries the updated_at that was
 * loaded: if someone changed the product meanwhile the server refuses (409) and the screen offers
 * to reload their version. A newer version reaching the screen (another device's change, pushed
 * live) replaces the form only while nothing is being edited: changes being typed are never wiped.
 */
const EditProductPage = () => {
  const { id = '' } = useParams();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const back = listPathFor(location.pathname, location.state);
  const product = useProduct(id);
  const stores = useMyStores();
  const update = useUpdateProduct(id);
  const remove = useDeleteProduct();
  const [confirmDelete, setConfirmDelete] = useState(false);
  /** The version the form was started from, kept while it is being edited. */
  const [pinned, setPinned] = useState<typeof product.data>(undefined);
  const canEdit = hasPermission(session, 'catalogue.edit_product');
  const canDelete = hasPermission(session, 'catalogue.delete_product');

  // 409 is a stale updated_at, or a SKU another product uses (said in its message).
  const stale =
    update.error instanceof ApiError && update.error.status === 409 && !/\bSKU\b/.test(update.error.message)
      ? update.error
      : null;
  const reload = async () => {
    await product.refetch();
    setPinned(undefined);
    update.reset();
  };

  const header = (
    <>
      <Anchor component={Link} to={back} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={16} /> Products
        </Group>
      </Anchor>
      <div>
        <Title order={1} size="h2">
          {product.data ? product.data.name : 'Edit product'}
        </Title>
        <Text c="dimmed">
          {canEdit
            ? 'Change the details and save. Stock changes go through Inventory.'
            : 'You can view this product but not change it.'}
        </Text>
      </div>
    </>
  );

  if (product.isPending || stores.isPending)
    return (
      <Stack maw={1200} mx="auto" gap="md">
        {header}
        <Skeleton h={220} radius="md" />
        <Skeleton h={160} radius="md" />
      </Stack>
    );

  if (product.isError)
    return (
      <Stack maw={1200} mx="auto" gap="md">
        {header}
        <Alert
          color={product.error instanceof ApiError && product.error.status === 404 ? 'yellow' : 'red'}
          title="Could not open this product"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {product.error instanceof ApiError && product.error.status === 404
                ? 'This product does not exist any more. It may have been deleted.'
                : product.error.message}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="white" onClick={() => void product.refetch()}>
                Try again
              </Button>
              <Button size="xs" variant="white" component={Link} to={back}>
                Back to products
              </Button>
            </Group>
          </Stack>
        </Alert>
      </Stack>
    );

  const saved = pinned ?? product.data;
  const latest = product.data;
  return (
    <Stack maw={1200} mx="auto" gap="md">
      {header}
      <ProductForm
        // A reload or a save gives a new updated_at: the form starts again from the saved product.
        key={saved.updated_at}
        mode="edit"
        product={saved}
        stores={stores.data ?? []}
        busy={update.isPending || remove.isPending}
        canSave={canEdit}
        onDirtyChange={(dirty) => setPinned(dirty ? latest : undefined)}
        onSubmit={(body) =>
          update.mutate(body as UpdateProductBody, {
            onSuccess: (p) => {
              setPinned(undefined);
              notifications.show({
                color: 'teal',
                title: 'Saved',
                message: `Your changes to ${p.name} were saved.`,
              });
            },
          })
        }
        notice={
          stale ? (
            <Alert color="orange" title="Someone else changed this product" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{stale.message}</Text>
                <Text size="sm">Reload to see their version, then make your change again.</Text>
                <Button
                  size="sm"
                  color="orange"
                  leftSection={<IconRefresh size={16} />}
                  loading={product.isFetching}
                  onClick={() => void reload()}
                >
                  Reload
                </Button>
              </Stack>
            </Alert>
          ) : update.error ? (
            <Alert color="red" title="Could not save your changes" role="alert">
              {update.error.message}
            </Alert>
          ) : latest && latest.updated_at !== saved.updated_at ? (
            <Alert color="yellow" title="Changed on another device" role="status">
              Someone else saved this product while you were editing it. What you typed is kept here; saving
              will ask you to reload their version first.
            </Alert>
          ) : null
        }
        actions={
          canDelete ? (
            <Button
              variant="subtle"
              color="red"
              px="xs"
              aria-label="Delete product"
              leftSection={<IconTrash size={18} />}
              onClick={() => setConfirmDelete(true)}
              disabled={update.isPending}
            >
              Delete
            </Button>
          ) : null
        }
      />
      <ConfirmDialog
        opened={confirmDelete}
        title={`Delete ${saved.name}?`}
        message="It disappears from your catalogue and the till. Its sales history is kept."
        confirmLabel="Delete"
        color="red"
        loading={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(saved._id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: `${saved.name} was deleted.` });
              void navigate(back, { replace: true });
            },
            onSettled: () => setConfirmDelete(false),
          })
        }
      />
    </Stack>
  );
};

export default EditProductPage;

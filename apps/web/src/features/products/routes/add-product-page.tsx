import { Alert, Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import type { CreateProductBody } from '@ms/contracts';
import { Link, useLocation, useNavigate } from 'react-router';
import { useMyStores } from '@/features/stores';
import { hasPermission, useSession } from '@/lib/session-store';
import { useCreateProduct } from '../api/products';
import { ProductForm } from '../components/product-form';
import { listPathFor } from '../lib/back-path';

/** Add a product (/add-product, /productsinventory/add-product, /inventory/add-product). */
const AddProductPage = () => {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const stores = useMyStores();
  const create = useCreateProduct();
  const back = listPathFor(location.pathname, location.state);
  const canCreate = hasPermission(session, 'catalogue.create_product');

  return (
    <Stack maw={1200} mx="auto" gap="md">
      <Anchor component={Link} to={back} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={16} /> Products
        </Group>
      </Anchor>
      <div>
        <Title order={1} size="h2">
          Add product
        </Title>
        <Text c="dimmed">
          Fill in what you know now; you can change everything later except the opening stock.
        </Text>
      </div>
      {!canCreate ? (
        <Alert color="yellow" title="You cannot add products">
          Your role does not include creating products. Ask your admin to add it, or to give your role the
          “Create products” permission.
        </Alert>
      ) : stores.isPending ? (
        <Stack gap="md" aria-label="Loading">
          <Skeleton h={220} radius="md" />
          <Skeleton h={160} radius="md" />
        </Stack>
      ) : (
        <ProductForm
          mode="create"
          stores={stores.data ?? []}
          busy={create.isPending}
          canSave
          onSubmit={(body) =>
            create.mutate(body as CreateProductBody, {
              onSuccess: (product) => {
                notifications.show({
                  color: 'teal',
                  title: 'Product added',
                  message: `${product.name} is ready to sell.`,
                });
                void navigate(back);
              },
            })
          }
          notice={
            create.error ? (
              <Alert color="red" title="Could not save the product" role="alert">
                {create.error.message}
              </Alert>
            ) : null
          }
        />
      )}
    </Stack>
  );
};

export default AddProductPage;

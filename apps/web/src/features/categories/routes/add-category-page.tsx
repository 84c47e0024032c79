import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { hasPermission, useSession } from '@/lib/session-store';
import { CategoryCreateForm } from '../components/category-create-form';

/** /add-categories: a new category with its subcategories. */
const AddCategoryPage = () => {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <Stack maw={560} mx="auto" gap="md">
      <Anchor component={Link} to="/categories" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} /> Categories
        </Group>
      </Anchor>
      <div>
        <Title order={1} size="h2">
          Add category
        </Title>
        <Text c="dimmed">Name the group of products, and add subcategories if you need them.</Text>
      </div>
      {hasPermission(session, 'catalogue.create_category') ? (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <CategoryCreateForm
            onCancel={() => navigate('/categories')}
            onCreated={(c) => navigate(`/productsinventory/categories/${c.id}`)}
          />
        </Paper>
      ) : (
        <Alert color="yellow" title="You cannot add categories">
          Your role does not include creating categories. Ask your admin to add it or to give your role the
          “Create categories” permission.
        </Alert>
      )}
    </Stack>
  );
};

export default AddCategoryPage;

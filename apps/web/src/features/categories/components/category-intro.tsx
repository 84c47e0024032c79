import { useState } from 'react';
import { Button, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCategory, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { hasPermission, useSession } from '@/lib/session-store';
import { CategoryCreateForm } from './category-create-form';

/**
 * The first-time screen ("categoryenable"): what categories are for, and the first one created
 * right here.
 */
export const CategoryIntro = () => {
  const session = useSession();
  const navigate = useNavigate();
  const canCreate = hasPermission(session, 'catalogue.create_category');
  const [creating, setCreating] = useState(false);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={620} mx="auto" w="100%">
      <Stack gap="md">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconCategory size={32} />
        </ThemeIcon>
        <Title order={2} size="h3">
          Group your products into categories
        </Title>
        <Text c="dimmed">
          Categories keep a big shop easy to run. Put products in a category such as “Drinks” or “Groceries”,
          and split it into subcategories such as “Soft drinks” and “Juice” when you need to.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>Find products faster on the point of sale and in your product list.</List.Item>
          <List.Item>Count stock one category at a time.</List.Item>
          <List.Item>See how many products each category holds.</List.Item>
        </List>
        {!canCreate ? (
          <Text size="sm" c="dimmed">
            Ask your admin to create categories, or to give your role the “Create categories” permission.
          </Text>
        ) : creating ? (
          <CategoryCreateForm
            submitLabel="Create my first category"
            onCancel={() => setCreating(false)}
            onCreated={(c) => navigate(`/productsinventory/categories/${c.id}`)}
          />
        ) : (
          <Button
            size="md"
            leftSection={<IconPlus size={18} />}
            onClick={() => setCreating(true)}
            style={{ alignSelf: 'flex-start' }}
          >
            Create your first category
          </Button>
        )}
      </Stack>
    </Paper>
  );
};

import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCategories } from '../api/categories';
import { CategoryIntro } from '../components/category-intro';

/** /productsinventory/categoryenable and /inventory/categoryenable: the first-time categories screen. */
const CategoryEnablePage = () => {
  const categories = useCategories();
  const count = categories.data?.length ?? 0;
  return (
    <Stack maw={1100} mx="auto" gap="md">
      <Title order={1} size="h2">
        Categories
      </Title>
      {count > 0 ? (
        <Alert color="blue">
          You already have {count === 1 ? '1 category' : `${count} categories`}.{' '}
          <Anchor component={Link} to="/productsinventory/categories">
            See your categories
          </Anchor>
        </Alert>
      ) : null}
      <CategoryIntro />
    </Stack>
  );
};

export default CategoryEnablePage;

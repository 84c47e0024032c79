import { Stack, Text, Title } from '@mantine/core';
import { CatalogueTabs } from '@/components/catalogue-tabs';
import { TagManagement } from '../components/tag-management';

/** /productsinventory/tags */
const TagsPage = () => (
  <Stack maw={720} mx="auto" gap="md">
    <CatalogueTabs active="tags" />
    <div>
      <Title order={1} size="h2">
        Tags
      </Title>
      <Text c="dimmed">
        Labels you put on products to find and group them, like “New arrival” or “Fragile”.
      </Text>
    </div>
    <TagManagement />
  </Stack>
);

export default TagsPage;

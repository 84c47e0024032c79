import type { ReactNode } from 'react';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Title block of the security pages, with a way back to the overview. */
export const SecurityHeader = ({
  title,
  description,
  back = true,
}: {
  title: string;
  description: ReactNode;
  back?: boolean;
}) => (
  <Stack gap={4} mb="lg">
    {back ? (
      <Anchor component={Link} to="/security" size="sm" w="fit-content" py={4}>
        <Group gap={2}>
          <IconChevronLeft size={16} aria-hidden />
          Security
        </Group>
      </Anchor>
    ) : null}
    <Title order={1} fz={{ base: 22, sm: 26 }}>
      {title}
    </Title>
    <Text c="dimmed" maw={640}>
      {description}
    </Text>
  </Stack>
);

import type { ReactNode } from 'react';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

type Props = {
  title: ReactNode;
  description?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
};

/** Title, one line saying what the screen is for, an optional way back, and the screen's main buttons. */
export const PageHeader = ({ title, description, back, actions }: Props) => (
  <Stack gap={6}>
    {back && (
      <Anchor component={Link} to={back.to} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden /> {back.label}
        </Group>
      </Anchor>
    )}
    <Group justify="space-between" align="flex-end" gap="sm">
      <div style={{ minWidth: 0, flex: '1 1 280px' }}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </div>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  </Stack>
);

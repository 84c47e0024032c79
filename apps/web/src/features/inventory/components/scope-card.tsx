import type { ReactNode } from 'react';
import { Group, Radio, Text } from '@mantine/core';

/** A big tappable choice with a title and a line of explanation. */
export const ChoiceCard = ({
  value,
  title,
  children,
}: {
  value: string;
  title: string;
  children?: ReactNode;
}) => (
  <Radio.Card value={value} radius="md" p="md" aria-label={title}>
    <Group wrap="nowrap" align="flex-start" gap="sm">
      <Radio.Indicator mt={2} />
      <div>
        <Text fw={600}>{title}</Text>
        {children && (
          <Text size="sm" c="dimmed">
            {children}
          </Text>
        )}
      </div>
    </Group>
  </Radio.Card>
);

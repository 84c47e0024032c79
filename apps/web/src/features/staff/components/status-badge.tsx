import { Badge } from '@mantine/core';

export const StatusBadge = ({ status }: { status: 'active' | 'inactive' }) => (
  <Badge color={status === 'active' ? 'teal' : 'gray'} variant="light">
    {status === 'active' ? 'Active' : 'Inactive'}
  </Badge>
);

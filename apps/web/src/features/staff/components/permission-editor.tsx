import { Badge, Checkbox, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PermissionModule } from '@ms/contracts';

type Props = {
  modules: PermissionModule[];
  value: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  readOnly?: boolean;
};

/** The permission catalogue: a box per action, and one per module that ticks or clears all of it. */
export const PermissionEditor = ({ modules, value, onChange, readOnly }: Props) => {
  const set = (keys: string[], on: boolean) => {
    const next = new Set(value);
    keys.forEach((k) => (on ? next.add(k) : next.delete(k)));
    onChange(next);
  };

  return (
    <Stack gap="sm">
      {modules.map((m) => {
        const keys = m.actions.map((a) => a.key);
        const held = keys.filter((k) => value.has(k)).length;
        const all = held === keys.length;
        return (
          <Paper key={m.key} withBorder radius="md" p="md" data-testid={`module-${m.key}`}>
            <Group justify="space-between" wrap="nowrap" mb="sm" gap="sm">
              <Checkbox
                size="md"
                label={<Text fw={700}>{m.name}</Text>}
                checked={all}
                indeterminate={held > 0 && !all}
                disabled={readOnly}
                onChange={(e) => set(keys, e.currentTarget.checked)}
                aria-label={`${m.name}: allow everything`}
              />
              <Badge variant="light" color={held ? 'teal' : 'gray'} style={{ flexShrink: 0 }}>
                {held} of {keys.length}
              </Badge>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={12} verticalSpacing={14} pl={{ base: 0, sm: 32 }}>
              {m.actions.map((a) => (
                <Checkbox
                  key={a.key}
                  size="md"
                  label={a.name}
                  checked={value.has(a.key)}
                  disabled={readOnly}
                  onChange={(e) => set([a.key], e.currentTarget.checked)}
                />
              ))}
            </SimpleGrid>
          </Paper>
        );
      })}
    </Stack>
  );
};

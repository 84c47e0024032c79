import { ActionIcon, Popover, Table, Text } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';

export const SHORTCUTS: [string, string][] = [
  ['/ or F2', 'Search'],
  ['Enter', 'Add the top result (or the scanned barcode)'],
  ['F4', 'Charge'],
  ['+ / −', 'Change the selected line’s quantity'],
  ['Esc', 'Close a dialog'],
];

/** A small list of the keyboard shortcuts, for cashiers on a laptop. */
export const ShortcutsHelp = () => (
  <Popover position="bottom-end" withArrow shadow="md">
    <Popover.Target>
      <ActionIcon variant="default" size={42} aria-label="Keyboard shortcuts" visibleFrom="sm">
        <IconKeyboard size={20} />
      </ActionIcon>
    </Popover.Target>
    <Popover.Dropdown>
      <Text fw={600} size="sm" mb={4}>
        Keyboard shortcuts
      </Text>
      <Table withRowBorders={false} verticalSpacing={2}>
        <Table.Tbody>
          {SHORTCUTS.map(([keys, what]) => (
            <Table.Tr key={keys}>
              <Table.Td>
                <Text component="kbd" ff="monospace" size="sm" fw={700}>
                  {keys}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{what}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Popover.Dropdown>
  </Popover>
);

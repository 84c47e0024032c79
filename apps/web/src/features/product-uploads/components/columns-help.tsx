import { Accordion, Badge, Table, Text } from '@mantine/core';
import { UPLOAD_COLUMNS, VARIANT_UPLOAD_COLUMNS } from '@ms/contracts';

/** What each column of the file means; headers are matched whatever their case. */
export const ColumnsHelp = () => (
  <Accordion variant="contained" radius="md">
    <Accordion.Item value="columns">
      <Accordion.Control>Which columns can the file have?</Accordion.Control>
      <Accordion.Panel>
        <Text size="sm" c="dimmed" mb="xs">
          The first row holds the column names (capital letters do not matter). Only name and selling_price
          are required; other columns can be left out or left empty. One product per row. For a product with
          variants (sizes, colours), give its rows the same handle: the first row has the name, category and
          option names (e.g. option1_name Size), every row its option values, SKU, price and stock — see the
          template with variants.
        </Text>
        <Table striped withTableBorder fz="sm" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Column</Table.Th>
              <Table.Th>What to put</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...UPLOAD_COLUMNS, ...VARIANT_UPLOAD_COLUMNS].map((c) => (
              <Table.Tr key={c.key}>
                <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                  <Text size="sm" ff="monospace">
                    {c.key}
                  </Text>
                  {c.required && (
                    <Badge size="xs" color="red" variant="light">
                      required
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {c.description}
                  {c.example[0] && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      e.g. {c.example[0]}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Accordion.Panel>
    </Accordion.Item>
  </Accordion>
);

import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { formatMoney } from '@ms/contracts';
import { isPriceChanged, linePrice, type CartLine } from '../lib/cart';

type Props = {
  line: CartLine | null;
  onClose: () => void;
  /** null: back to the catalogue price. */
  onSave: (price: number | null) => void;
};

/** Sells one line's units at another price (needs pos.discounts; the server checks it too). */
export const PriceDialog = ({ line, onClose, onSave }: Props) => (
  <Modal opened={!!line} onClose={onClose} title={`Price of ${line?.name ?? ''}`} size="sm">
    {line && <PriceForm key={line.key} line={line} onSave={(p) => (onSave(p), onClose())} />}
  </Modal>
);

const PriceForm = ({ line, onSave }: { line: CartLine; onSave: (price: number | null) => void }) => {
  const [price, setPrice] = useState<number | ''>(linePrice(line));
  const error = price === '' ? 'Enter the price' : price < 0 ? 'The price cannot be negative' : null;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (price !== '' && !error) onSave(price);
      }}
    >
      <Stack>
        <NumberInput
          label="Unit price (₦)"
          description={
            line.modifiers.length > 0 ? 'One unit, without its modifiers (they are added on top)' : 'One unit'
          }
          value={price}
          onChange={(v) => setPrice(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
          min={0}
          decimalScale={2}
          thousandSeparator=","
          size="md"
          data-autofocus
          error={error}
        />
        <Text size="sm" c="dimmed">
          Catalogue price: {formatMoney(line.unit_price)}
        </Text>
        <Group grow>
          {isPriceChanged(line) && (
            <Button variant="default" onClick={() => onSave(null)}>
              Use catalogue price
            </Button>
          )}
          <Button type="submit" disabled={!!error}>
            Apply
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

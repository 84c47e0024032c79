import { useMemo, useState } from 'react';
import { Button, Checkbox, Group, Modal, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { formatMoney, type ModifierSet, type Product } from '@ms/contracts';
import type { AddItem, PickedModifier } from '../lib/cart';
import { varietyStock } from '../lib/stock';

type Props = {
  product: Product | null;
  modifierSets: ModifierSet[];
  storeId: string | null;
  onClose: () => void;
  onAdd: (item: AddItem) => void;
};

/** One step for a product with varieties or modifiers: the variety, the modifiers and how many. */
export const ItemDialog = ({ product, modifierSets, storeId, onClose, onAdd }: Props) => (
  <Modal
    opened={!!product}
    onClose={onClose}
    title={product?.name ?? ''}
    size="md"
    fullScreen={typeof window !== 'undefined' && window.innerWidth < 500}
  >
    {product && (
      <ItemForm
        key={product._id}
        product={product}
        modifierSets={modifierSets}
        storeId={storeId}
        onAdd={(item) => {
          onAdd(item);
          onClose();
        }}
      />
    )}
  </Modal>
);

const ItemForm = ({
  product,
  modifierSets,
  storeId,
  onAdd,
}: {
  product: Product;
  modifierSets: ModifierSet[];
  storeId: string | null;
  onAdd: (item: AddItem) => void;
}) => {
  const [varietyId, setVarietyId] = useState<string | null>(product.varieties[0]?._id ?? null);
  const [picked, setPicked] = useState<Record<string, PickedModifier>>({});
  const [quantity, setQuantity] = useState<number>(1);
  const sets = useMemo(
    () => modifierSets.filter((s) => product.modifiers.includes(s._id) && s.modifiers.length > 0),
    [modifierSets, product.modifiers],
  );
  const variety = product.varieties.find((v) => v._id === varietyId);
  const unit =
    (variety?.selling_price ?? product.selling_price) +
    Object.values(picked).reduce((sum, m) => sum + m.selling_price, 0);
  const q = Math.max(1, Math.round(quantity || 1));

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onAdd({ product, variety_id: varietyId, modifiers: Object.values(picked), quantity: q });
      }}
    >
      <Stack gap="md">
        {product.varieties.length > 0 && (
          <Radio.Group label="Variety" value={varietyId} onChange={setVarietyId} required>
            <Stack gap={6} mt={6}>
              {product.varieties.map((v) => (
                <Radio.Card key={v._id} value={v._id} p="sm" radius="md">
                  <Group wrap="nowrap" justify="space-between">
                    <Group wrap="nowrap" gap="sm">
                      <Radio.Indicator />
                      <div>
                        <Text fw={600}>{v.name}</Text>
                        {product.track_stock && (
                          <Text size="xs" c={varietyStock(v, storeId) <= 0 ? 'red.8' : 'dimmed'}>
                            {varietyStock(v, storeId) <= 0
                              ? 'Out of stock'
                              : `${varietyStock(v, storeId)} in stock`}
                          </Text>
                        )}
                      </div>
                    </Group>
                    <Text fw={600}>{formatMoney(v.selling_price)}</Text>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        )}
        {sets.map((set) => (
          <Stack key={set._id} gap={6}>
            <Text fw={600} size="sm">
              {set.name}
            </Text>
            {set.modifiers.map((m) => (
              <Checkbox
                key={m._id}
                size="md"
                checked={!!picked[m._id]}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setPicked(({ [m._id]: _gone, ...rest }) =>
                    on
                      ? { ...rest, [m._id]: { _id: m._id, name: m.name, selling_price: m.selling_price } }
                      : rest,
                  );
                }}
                label={
                  <Group gap="xs">
                    <span>{m.name}</span>
                    <Text span c="dimmed" size="sm">
                      +{formatMoney(m.selling_price)}
                    </Text>
                  </Group>
                }
              />
            ))}
          </Stack>
        ))}
        <NumberInput
          label="Quantity"
          value={quantity}
          onChange={(v) => setQuantity(typeof v === 'number' ? v : Number(v) || 1)}
          min={1}
          max={100000}
          allowDecimal={false}
          size="md"
        />
        <Button type="submit" size="lg" fullWidth disabled={product.varieties.length > 0 && !varietyId}>
          Add {q} · {formatMoney(unit * q)}
        </Button>
      </Stack>
    </form>
  );
};

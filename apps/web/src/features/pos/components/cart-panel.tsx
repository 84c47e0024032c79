import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { IconMinus, IconPlus, IconReceiptOff, IconTrash } from '@tabler/icons-react';
import { formatMoney } from '@ms/contracts';
import {
  cartLineTotals,
  cartTotals,
  isPriceChanged,
  itemCount,
  linePrice,
  type Cart,
  type CartLine,
} from '../lib/cart';
import type { Discount } from '../lib/totals';
import { DiscountDialog } from './discount-dialog';
import { PriceDialog } from './price-dialog';

type Props = {
  cart: Cart;
  selectedKey: string | null;
  onSelect: (key: string) => void;
  onQuantity: (key: string, delta: number) => void;
  onRemove: (key: string) => void;
  onLineDiscount: (key: string, d: Discount | null) => void;
  /** A line's unit price (null: the catalogue's). Shown with canDiscount (pos.discounts). */
  onLinePrice: (key: string, price: number | null) => void;
  onOrderDiscount: (d: Discount | null) => void;
  onNote: (note: string) => void;
  canDiscount: boolean;
  customerSlot: ReactNode;
  actions: ReactNode;
  /** Off inside the phone's cart sheet, whose own title says "Cart". */
  withHeader?: boolean;
};

const discountLabel = (d: Discount) =>
  d.discount_type === 'percentage' ? `${d.discount}% off` : `${formatMoney(d.discount)} off`;

/** The cart: lines with quantity and discount, order discount, customer, note and totals. */
export const CartPanel = ({
  cart,
  selectedKey,
  onSelect,
  onQuantity,
  onRemove,
  onLineDiscount,
  onLinePrice,
  onOrderDiscount,
  onNote,
  canDiscount,
  customerSlot,
  actions,
  withHeader = true,
}: Props) => {
  const totals = cartTotals(cart);
  const [editing, setEditing] = useState<CartLine | 'order' | null>(null);
  const [pricing, setPricing] = useState<CartLine | null>(null);
  const [noteOpen, setNoteOpen] = useState(!!cart.note);

  return (
    <Stack gap="sm" h="100%" mih={0} style={{ flex: '1 1 auto' }} data-testid="cart">
      {withHeader && (
        <Group justify="space-between">
          <Text fw={700} size="lg">
            Cart
          </Text>
          <Text size="sm" c="dimmed">
            {itemCount(cart)} {itemCount(cart) === 1 ? 'item' : 'items'}
          </Text>
        </Group>
      )}
      {customerSlot}
      {cart.lines.length === 0 ? (
        <Stack align="center" gap={4} py="xl" c="dimmed">
          <IconReceiptOff size={32} aria-hidden />
          <Text size="sm" ta="center">
            The cart is empty. Tap a product, search, or scan a barcode to add it.
          </Text>
        </Stack>
      ) : (
        // The lines take the room left and scroll; customer, totals and Charge stay in view (issue 11).
        <ScrollArea style={{ flex: '1 1 auto', minHeight: 96 }} type="auto" offsetScrollbars>
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Cart lines">
            {cart.lines.map((line) => {
              const t = cartLineTotals(line);
              const selected = line.key === selectedKey;
              return (
                <li
                  key={line.key}
                  data-testid="cart-line"
                  aria-current={selected || undefined}
                  style={{
                    borderTop: '1px solid var(--mantine-color-gray-2)',
                    background: selected ? 'var(--mantine-color-blue-0)' : undefined,
                    padding: '8px 4px',
                  }}
                >
                  <UnstyledButton
                    onClick={() => onSelect(line.key)}
                    w="100%"
                    aria-label={`Select ${line.name}`}
                  >
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                      <div style={{ minWidth: 0 }}>
                        <Text fw={600} size="sm" lineClamp={2}>
                          {line.name}
                          {line.variety_name ? ` — ${line.variety_name}` : ''}
                        </Text>
                        {isPriceChanged(line) && (
                          <Text size="xs" data-testid="line-price">
                            <Text span inherit c="dimmed" td="line-through">
                              {formatMoney(line.unit_price)}
                            </Text>{' '}
                            <Text span inherit fw={600} c="orange.9">
                              {formatMoney(linePrice(line))} each
                            </Text>
                          </Text>
                        )}
                        {line.modifiers.length > 0 && (
                          <Text size="xs" c="dimmed">
                            + {line.modifiers.map((m) => m.name).join(', ')}
                          </Text>
                        )}
                        {line.discount && (
                          <Text size="xs" c="green.9">
                            {discountLabel(line.discount)} (−{formatMoney(t.discount)})
                          </Text>
                        )}
                      </div>
                      <Stack gap={0} align="flex-end">
                        <Text fw={600} size="sm" data-testid="line-total">
                          {formatMoney(t.total)}
                        </Text>
                        {t.discount > 0 && (
                          <Text size="xs" c="dimmed" td="line-through">
                            {formatMoney(t.subtotal)}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                  </UnstyledButton>
                  <Group justify="space-between" mt={4} wrap="nowrap">
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="default"
                        size={40}
                        aria-label={`One less ${line.name}`}
                        onClick={() => onQuantity(line.key, -1)}
                      >
                        <IconMinus size={18} />
                      </ActionIcon>
                      <Text w={36} ta="center" fw={700} aria-label="Quantity" data-testid="line-qty">
                        {line.quantity}
                      </Text>
                      <ActionIcon
                        variant="default"
                        size={40}
                        aria-label={`One more ${line.name}`}
                        onClick={() => onQuantity(line.key, 1)}
                      >
                        <IconPlus size={18} />
                      </ActionIcon>
                    </Group>
                    <Group gap={2} wrap="nowrap">
                      {canDiscount && (
                        <>
                          <Button
                            variant="subtle"
                            size="compact-md"
                            fz="sm"
                            px={6}
                            aria-label={`Price of ${line.name}`}
                            onClick={() => setPricing(line)}
                          >
                            Price
                          </Button>
                          <Button
                            variant="subtle"
                            size="compact-md"
                            fz="sm"
                            px={6}
                            onClick={() => setEditing(line)}
                          >
                            Discount
                          </Button>
                        </>
                      )}
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size={40}
                        aria-label={`Remove ${line.name}`}
                        onClick={() => onRemove(line.key)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                  </Group>
                </li>
              );
            })}
          </Stack>
        </ScrollArea>
      )}
      <Divider />
      <Group gap={4}>
        {canDiscount && cart.lines.length > 0 && (
          <Button variant="light" size="compact-md" onClick={() => setEditing('order')}>
            {cart.discount ? `Order discount: ${discountLabel(cart.discount)}` : 'Order discount'}
          </Button>
        )}
        {!noteOpen && (
          <Button variant="subtle" size="compact-md" px={6} onClick={() => setNoteOpen(true)}>
            Add note
          </Button>
        )}
      </Group>
      {noteOpen && (
        <Textarea
          label="Note"
          placeholder="e.g. deliver after 4 pm"
          value={cart.note}
          onChange={(e) => onNote(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={1}
          maxRows={3}
        />
      )}
      <Stack gap={2}>
        <Row label="Subtotal" value={formatMoney(totals.subtotal)} />
        {totals.line_discounts > 0 && (
          <Row label="Item discounts" value={`−${formatMoney(totals.line_discounts)}`} />
        )}
        {totals.order_discount > 0 && (
          <Row label="Order discount" value={`−${formatMoney(totals.order_discount)}`} />
        )}
        <Group justify="space-between">
          <Text fw={700} size="xl">
            Total
          </Text>
          <Text fw={800} size="xl" data-testid="cart-total">
            {formatMoney(totals.total)}
          </Text>
        </Group>
      </Stack>
      {actions}
      <PriceDialog
        line={pricing}
        onClose={() => setPricing(null)}
        onSave={(price) => pricing && onLinePrice(pricing.key, price)}
      />
      <DiscountDialog
        opened={editing !== null}
        title={editing === 'order' ? 'Order discount' : `Discount on ${editing?.name ?? ''}`}
        base={
          editing === 'order'
            ? totals.subtotal - totals.line_discounts
            : editing
              ? cartLineTotals(editing).subtotal
              : 0
        }
        value={editing === 'order' ? cart.discount : (editing?.discount ?? null)}
        onClose={() => setEditing(null)}
        onSave={(d) => (editing === 'order' ? onOrderDiscount(d) : editing && onLineDiscount(editing.key, d))}
      />
    </Stack>
  );
};

const Row = ({ label, value }: { label: string; value: string }) => (
  <Group justify="space-between">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text size="sm">{value}</Text>
  </Group>
);

import { Button, Group } from '@mantine/core';
import { formatMoney } from '@ms/contracts';
import {
  changeQuantity,
  removeLine,
  setLineDiscount,
  setLinePrice,
  setOrderDiscount,
  type Cart,
} from '../lib/cart';
import { cartStore } from '../lib/cart-store';
import { CartPanel } from './cart-panel';
import { CustomerSlot } from './customer-slot';

const update = (f: (c: Cart) => Cart) => cartStore.set(f);

/** The till's cart: its lines (each change goes to the cart store), the customer, Park and Charge. */
export const TillCart = ({
  cart,
  total,
  withHeader,
  selectedKey,
  onSelect,
  canDiscount,
  canCharge,
  onCharge,
  onPark,
}: {
  cart: Cart;
  total: number;
  withHeader: boolean;
  selectedKey: string | null;
  onSelect: (key: string | null) => void;
  canDiscount: boolean;
  canCharge: boolean;
  onCharge: () => void;
  /** Opens "Park this cart"; absent when the role may not manage tickets. */
  onPark?: () => void;
}) => (
  <CartPanel
    withHeader={withHeader}
    cart={cart}
    selectedKey={selectedKey}
    onSelect={onSelect}
    onQuantity={(key, d) => update((c) => changeQuantity(c, key, d))}
    onRemove={(key) => update((c) => removeLine(c, key))}
    onLineDiscount={(key, d) => update((c) => setLineDiscount(c, key, d))}
    onLinePrice={(key, price) => update((c) => setLinePrice(c, key, price))}
    onOrderDiscount={(d) => update((c) => setOrderDiscount(c, d))}
    onNote={(note) => update((c) => ({ ...c, note }))}
    canDiscount={canDiscount}
    customerSlot={<CustomerSlot cart={cart} onChange={(customer) => update((c) => ({ ...c, customer }))} />}
    actions={
      <Group gap="xs" wrap="nowrap">
        {onPark && (
          <Button variant="default" size="lg" px="md" disabled={cart.lines.length === 0} onClick={onPark}>
            Park
          </Button>
        )}
        <Button
          size="lg"
          px="sm"
          style={{ flex: 1 }}
          disabled={!canCharge}
          onClick={onCharge}
          data-testid="charge"
        >
          Charge {formatMoney(total)}
        </Button>
      </Group>
    }
  />
);

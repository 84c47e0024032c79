import type { Product } from '@ms/contracts';
import { labelCode, type LabelCode } from './barcode';

export type LabelItem = {
  key: string;
  name: string;
  price: number;
  sku: string | null;
  code: LabelCode;
  quantity: number;
};

export type LabelFields = { name: boolean; price: boolean; barcode: boolean; sku: boolean };

/** A product without varieties, or one variety, as a label to print. */
export const itemOf = (product: Product, varietyId?: string): Omit<LabelItem, 'quantity'> => {
  const variety = varietyId ? product.varieties.find((v) => v._id === varietyId) : undefined;
  if (variety)
    return {
      key: `${product._id}:${variety._id}`,
      name: `${product.name} - ${variety.name}`,
      price: variety.selling_price,
      sku: variety.sku,
      code: labelCode({ id: variety._id, barcode: variety.barcode, sku: variety.sku }),
    };
  return {
    key: product._id,
    name: product.name,
    price: product.selling_price,
    sku: product.sku,
    code: labelCode({ id: product._id, barcode: product.barcode, sku: product.sku }),
  };
};

/** Every copy of every label, in order. */
export const expandLabels = (items: readonly LabelItem[]): LabelItem[] =>
  items.flatMap((item) => Array.from({ length: item.quantity }, () => item));

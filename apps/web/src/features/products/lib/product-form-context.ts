import { useFormContext, type Control, type FieldErrors, type SetValueConfig } from 'react-hook-form';
import type { ProductBody, ProductFormValues } from './product-form';

/** The product form's react-hook-form types, shared by its sections. */
export type ProductFormControl = Control<ProductFormValues, unknown, ProductBody>;

/** setValue's options for a merchant's change: marks the form dirty, re-checks once it was submitted. */
export type Touch = () => SetValueConfig;

/** The product form, from inside one of its sections (ProductForm provides it). */
export const useProductFormContext = () => useFormContext<ProductFormValues, unknown, ProductBody>();

/** A top-level field's message. */
export const fieldError = (errors: FieldErrors<ProductFormValues>, name: keyof ProductFormValues) =>
  (errors[name] as { message?: string } | undefined)?.message;

import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * Wraps a zod resolver for forms built on the contracts' schemas:
 * - text inputs hold "" when left empty, but the schemas read a missing optional field as undefined
 *   (create) or null (clear it, on update): the fields listed in `blank` are passed on as that value;
 * - the schemas' messages name fields as the API does ("The first_name field is required."); on
 *   screen they read as words ("The first name field is required.").
 * The form's own value type comes from where it is used (useForm<FormValues, ...>).
 */
export const formResolver =
  <TFieldValues extends FieldValues, TContext, TOutput, TSchemaInput extends FieldValues>(
    resolver: Resolver<TSchemaInput, TContext, TOutput>,
    options: { blank?: Record<string, null | undefined> } = {},
  ): Resolver<TFieldValues, TContext, TOutput> =>
  async (values, context, resolverOptions) => {
    const copy: Record<string, unknown> = { ...values };
    for (const [key, blank] of Object.entries(options.blank ?? {})) {
      if (typeof copy[key] === 'string' && (copy[key] as string).trim() === '') copy[key] = blank;
    }
    const result = await resolver(copy as TSchemaInput, context, resolverOptions as never);
    humanizeErrors(result.errors as FieldErrors);
    // The schema's errors name the same fields as the form; only the declared types differ.
    return result as never;
  };

/** "first_name" -> "first name", "role_id" -> "role", "store_ids" -> "stores"; drops a "(store_ids)" echo. */
export const humanizeMessage = (message: string): string =>
  message.replace(/\s*\(([a-z]+_[a-z_]+)\)/g, '').replace(/\b([a-z]+(?:_[a-z]+)+)\b/g, (word) =>
    word
      .replace(/_ids$/, 's')
      .replace(/_(id|url)$/, '')
      .replace(/_/g, ' '),
  );

const humanizeErrors = (errors: FieldErrors) => {
  for (const value of Object.values(errors)) {
    if (!value || typeof value !== 'object') continue;
    const error = value as FieldError & Record<string, unknown>;
    if (typeof error.message === 'string') error.message = humanizeMessage(error.message);
    if (error.root && typeof error.root === 'object') humanizeErrors({ root: error.root } as FieldErrors);
  }
};

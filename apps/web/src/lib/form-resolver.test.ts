import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { formResolver, humanizeMessage } from './form-resolver';

describe('formResolver', () => {
  it('turns API field names into words', () => {
    expect(humanizeMessage('The first_name field is required.')).toBe('The first name field is required.');
    expect(humanizeMessage('The role_id field is required.')).toBe('The role field is required.');
    expect(humanizeMessage('Assign at least one store (store_ids).')).toBe('Assign at least one store.');
    expect(humanizeMessage('The password field must have atleast one number.')).toBe(
      'The password field must have atleast one number.',
    );
  });

  it('passes blank listed fields as the given value and rewrites the messages', async () => {
    const inner = vi.fn<Resolver<{ phone?: string | null; first_name: string }>>(async () => ({
      values: {},
      errors: { first_name: { type: 'x', message: 'The first_name field is required.' } },
    }));
    const resolver = formResolver<
      { phone: string; first_name: string },
      unknown,
      object,
      { phone?: string | null; first_name: string }
    >(inner, {
      blank: { phone: null },
    });
    const result = await resolver({ phone: '  ', first_name: '' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(inner.mock.calls[0]![0]).toEqual({ phone: null, first_name: '' });
    expect(result.errors.first_name?.message).toBe('The first name field is required.');
  });
});

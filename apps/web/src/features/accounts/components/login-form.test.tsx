import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderUi } from '@/components/ui/test-utils';
import { LoginForm } from './login-form';

const mutate = vi.fn();
vi.mock('../api/accounts', () => ({ useLoginMutation: () => ({ mutate, isPending: false }) }));

afterEach(cleanup);
beforeEach(() => mutate.mockReset());

const email = () => screen.getByLabelText('E-mail') as HTMLInputElement;
const password = () => screen.getByLabelText('Password') as HTMLInputElement;
const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Log in' })));
const type = (input: HTMLInputElement, value: string) =>
  act(async () => void fireEvent.change(input, { target: { value } }));
const blur = (input: HTMLInputElement) => act(async () => void fireEvent.blur(input));
const message = (text: string) => screen.queryByText(text);

const REQUIRED_EMAIL = 'The email field is required.';
const INVALID_EMAIL = 'The email field must be a valid email.';
const REQUIRED_PASSWORD = 'The password field is required.';

describe('LoginForm', () => {
  it('says nothing until a field is left, then checks it as the user types', async () => {
    renderUi(<LoginForm />);
    await type(email(), 'ada');
    expect(message(INVALID_EMAIL)).toBeNull();
    await blur(email());
    expect(message(INVALID_EMAIL)).toBeTruthy();
    expect(message(REQUIRED_PASSWORD)).toBeNull();
    await type(email(), '');
    expect(message(REQUIRED_EMAIL)).toBeTruthy();
    await type(email(), 'ada@shop.ng');
    await waitFor(() => expect(message(REQUIRED_EMAIL)).toBeNull());
    expect(message(INVALID_EMAIL)).toBeNull();
  });

  it('leaves a field the user has not left yet alone', async () => {
    renderUi(<LoginForm />);
    await blur(email());
    expect(message(REQUIRED_EMAIL)).toBeTruthy();
    await type(password(), 'x');
    await type(password(), '');
    expect(message(REQUIRED_PASSWORD)).toBeNull();
    await blur(password());
    expect(message(REQUIRED_PASSWORD)).toBeTruthy();
    expect(message(REQUIRED_EMAIL)).toBeTruthy();
  });

  it('on submit shows every problem, focuses the first field and sends nothing', async () => {
    renderUi(<LoginForm />);
    await submit();
    expect(message(REQUIRED_EMAIL)).toBeTruthy();
    expect(message(REQUIRED_PASSWORD)).toBeTruthy();
    expect(document.activeElement).toBe(email());
    expect(mutate).not.toHaveBeenCalled();
    // After a submit every change re-checks its field.
    await type(password(), 'x');
    expect(message(REQUIRED_PASSWORD)).toBeNull();
    expect(message(REQUIRED_EMAIL)).toBeTruthy();
  });

  it('focuses the password when only it is wrong', async () => {
    renderUi(<LoginForm />);
    await type(email(), 'ada@shop.ng');
    await submit();
    expect(message(REQUIRED_PASSWORD)).toBeTruthy();
    expect(document.activeElement).toBe(password());
  });

  it('sends the e-mail trimmed and in lower case, the password as typed', async () => {
    renderUi(<LoginForm />);
    await type(email(), '  Ada@Shop.NG ');
    await type(password(), ' Secret@123 ');
    await submit();
    expect(mutate).toHaveBeenCalledTimes(1);
    expect(mutate.mock.lastCall?.[0]).toEqual({ email: 'ada@shop.ng', password: ' Secret@123 ' });
    // What the user typed stays in the field (an e-mail input drops the outer spaces itself).
    expect(email().value).toBe('Ada@Shop.NG');
  });

  it('starts with the given e-mail', async () => {
    renderUi(<LoginForm defaultEmail="ada@shop.ng" />);
    expect(email().value).toBe('ada@shop.ng');
    await type(password(), 'Secret@123');
    await submit();
    expect(mutate.mock.lastCall?.[0]).toEqual({ email: 'ada@shop.ng', password: 'Secret@123' });
  });

  it('marks the wrong field invalid for assistive technology', async () => {
    renderUi(<LoginForm />);
    await blur(email());
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(password().hasAttribute('aria-invalid')).toBe(false);
  });
});

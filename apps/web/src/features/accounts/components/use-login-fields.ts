import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { validateLogin, type LoginErrors, type LoginValues } from './login-validation';

type Name = keyof LoginValues;
const FIELDS: Name[] = ['email', 'password'];

/**
 * The two login fields, checked the way the app's react-hook-form forms are (mode 'onTouched'):
 * a field is checked when first left and then on every change; after a submit, on every change;
 * a submit checks both and focuses the first wrong field. Kept to this small hook so /login does
 * not download react-hook-form (~13 kB gzipped); login-form.test.tsx pins the behaviour.
 */
export const useLoginFields = (defaultValues: LoginValues) => {
  const values = useRef<LoginValues>({ ...defaultValues });
  const inputs = useRef<Partial<Record<Name, HTMLInputElement | null>>>({});
  const touched = useRef<Partial<Record<Name, boolean>>>({});
  const submitted = useRef(false);
  const [errors, setErrors] = useState<LoginErrors>({});

  const check = (name: Name) => {
    const error = validateLogin(values.current).errors[name];
    setErrors((current) => {
      if (current[name] === error) return current;
      const next = { ...current };
      if (error === undefined) delete next[name];
      else next[name] = error;
      return next;
    });
  };

  const register = (name: Name) => ({
    name,
    defaultValue: defaultValues[name],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      values.current = { ...values.current, [name]: event.target.value };
      if (submitted.current || touched.current[name]) check(name);
    },
    onBlur: () => {
      touched.current[name] = true;
      if (!submitted.current) check(name);
    },
  });

  const handleSubmit = (onValid: (values: LoginValues) => void) => (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const result = validateLogin(values.current);
    setErrors(result.errors);
    if (result.values) onValid(result.values);
    else inputs.current[FIELDS.find((name) => result.errors[name]) ?? 'email']?.focus();
  };

  return { register, handleSubmit, errors };
};

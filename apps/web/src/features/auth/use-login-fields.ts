// The sign-in form's state (part 1 §2, §5), shared by the sign-in page and the sign-in of a pay or
// delivery link: a field's message appears once the field is left, then follows every keystroke (every
// field's, after a submit); Sign In is enabled only while both fields are valid. The validation (zod
// and the schema) is fetched at the first touch of the form (lib/lazy-on-touch.ts), so the sign-in
// page's first load carries neither it nor a form library.
import type { LoginRequest } from '@qist/domain';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { lazyOnTouch } from '@/lib/lazy-on-touch';
import type { LoginErrors, LoginFields } from './login-schemas';

type Field = keyof LoginFields;

const FIELDS: Field[] = ['email', 'password'];

const validation = lazyOnTouch(() => import('./login-schemas').then((m) => m.checkLogin));

export function useLoginFields(onValid: (request: LoginRequest) => void) {
  const [values, setValues] = useState<LoginFields>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isValid, setValid] = useState(false);
  const latest = useRef(values);
  const touched = useRef(new Set<Field>());
  const submitted = useRef(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  /** Checks the fields as they are now: Sign In's state, and the messages of `show` (a field or all). */
  const check = (show: Field | 'all' | null) => {
    const checked = latest.current;
    return validation.loaded().then(
      (checkLogin) => {
        const result = checkLogin(checked);
        setValid(result.request !== null);
        if (show === 'all') setErrors(result.errors);
        else if (show) setErrors((shown) => ({ ...shown, [show]: result.errors[show] }));
        return result;
      },
      () => null, // the validation could not be fetched: the next check tries again
    );
  };

  // As the form mounts: Sign In's state (it waits for the first touch, as the validation does).
  useEffect(() => {
    validation.loaded().then(
      (checkLogin) => setValid(checkLogin(latest.current).request !== null),
      () => {},
    );
  }, []);

  const field = (name: Field) => ({
    name,
    value: values[name],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      latest.current = { ...latest.current, [name]: event.currentTarget.value };
      setValues(latest.current);
      void check(touched.current.has(name) || submitted.current ? name : null);
    },
    onBlur: () => {
      touched.current.add(name);
      void check(name);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    validation.formProps.onInput(event);
    void check('all').then((result) => {
      if (!result) return;
      if (result.request) onValid(result.request);
      else inputs.current[FIELDS.find((name) => result.errors[name]) ?? 'email']?.focus();
    });
  };

  return { field, errors, isValid, formProps: { ...validation.formProps, onSubmit, noValidate: true } };
}

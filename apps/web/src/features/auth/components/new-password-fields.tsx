// A new password twice, as Change password, the reset link's page and an invitation's page ask for it:
// the form's set-up (a field's message once it is left, then on every keystroke; the confirmation
// follows the new password once it has been touched) and the two fields.
import { PasswordInput } from '@mantine/core';
import { useEffect } from 'react';
import { useForm, useWatch, type FieldValues, type Path, type UseFormProps, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslateMessage } from '@/i18n/translate-message';

type PasswordField = { input: UseFormRegisterReturn; error: string | undefined };

export type NewPasswordFieldsState = { password: PasswordField; confirm: PasswordField };

/**
 * react-hook-form for a form with a new password (`newPasswordName`) and its `confirmPassword`;
 * `newPasswordFields` is what <NewPasswordFields> shows.
 */
export function useNewPasswordForm<TInput extends FieldValues, TOutput>(
  newPasswordName: Path<TInput>,
  props: Omit<UseFormProps<TInput, unknown, TOutput>, 'mode' | 'reValidateMode'>,
) {
  const form = useForm<TInput, unknown, TOutput>({ mode: 'onTouched', reValidateMode: 'onChange', ...props });
  const { control, getFieldState, trigger, register, formState } = form;
  const confirmName = 'confirmPassword' as Path<TInput>;

  // 'Passwords must match' follows the new password too, once the confirmation has been touched.
  const newPassword = useWatch({ control, name: newPasswordName });
  useEffect(() => {
    if (getFieldState(confirmName).isTouched) void trigger(confirmName);
  }, [newPassword, confirmName, getFieldState, trigger]);

  const fieldOf = (name: Path<TInput>): PasswordField => ({ input: register(name), error: getFieldState(name, formState).error?.message });
  const newPasswordFields: NewPasswordFieldsState = { password: fieldOf(newPasswordName), confirm: fieldOf(confirmName) };
  return { ...form, newPasswordFields };
}

export function NewPasswordFields({ fields, labels }: { fields: NewPasswordFieldsState; labels: { password: string; confirm: string } }) {
  const tm = useTranslateMessage();
  return (
    <>
      <PasswordInput label={labels.password} autoComplete="new-password" {...fields.password.input} error={tm(fields.password.error)} />
      <PasswordInput label={labels.confirm} autoComplete="new-password" {...fields.confirm.input} error={tm(fields.confirm.error)} />
    </>
  );
}

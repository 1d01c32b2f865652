// A react-hook-form resolver whose validation code (zod and the form's schema) is fetched once the
// visitor first touches the form rather than with the form: the sign-in page's first load then
// carries no zod, a fair part of its JavaScript. Validation is asynchronous in react-hook-form anyway:
// the check the form asks for as it mounts (for isValid, false until then, as the empty fields are)
// simply settles once the code has arrived.
import type { FormEventHandler, FocusEventHandler, PointerEventHandler } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';

export type LazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues> = Resolver<
  TFieldValues,
  TContext,
  TTransformedValues
> & {
  /**
   * Spread on the <form>: the first focus, pointer press or input inside it (typing, pasting, a
   * password manager's fill) starts fetching the validation code.
   */
  formProps: {
    onFocus: FocusEventHandler<HTMLFormElement>;
    onPointerDown: PointerEventHandler<HTMLFormElement>;
    onInput: FormEventHandler<HTMLFormElement>;
  };
};

export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
): LazyResolver<TFieldValues, TContext, TTransformedValues> {
  let touched: () => void = () => {};
  const firstTouch = new Promise<void>((resolve) => {
    touched = resolve;
  });
  let resolver: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | null = null;
  const loaded = () =>
    (resolver ??= firstTouch.then(load).catch((error: unknown) => {
      resolver = null; // offline for a moment: the next validation tries again
      throw error;
    }));
  const start = () => {
    touched();
    if (resolver) return;
    loaded().catch(() => {
      // the validation waiting for it fails, and the next one tries again
    });
  };
  const lazy: Resolver<TFieldValues, TContext, TTransformedValues> = async (values, context, options) =>
    (await loaded())(values, context, options);
  return Object.assign(lazy, { formProps: { onFocus: start, onPointerDown: start, onInput: start } });
}

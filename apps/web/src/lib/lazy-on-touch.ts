// Code a form needs only once someone uses it (the sign-in form's validation: zod and its schema),
// fetched at the visitor's first touch of the form rather than with the form: the sign-in page's first
// load then carries no zod, a fair part of its JavaScript. What asks for the code before the first
// touch (the check the form makes as it mounts) simply waits for it.
import type { FormEventHandler, FocusEventHandler, PointerEventHandler } from 'react';

export type LazyOnTouch<T> = {
  /** The code, once the form has been touched and the code has arrived. */
  loaded: () => Promise<T>;
  /**
   * Spread on the <form>: the first focus, pointer press or input inside it (typing, pasting, a
   * password manager's fill) starts fetching the code.
   */
  formProps: {
    onFocus: FocusEventHandler<HTMLFormElement>;
    onPointerDown: PointerEventHandler<HTMLFormElement>;
    onInput: FormEventHandler<HTMLFormElement>;
  };
};

export function lazyOnTouch<T>(load: () => Promise<T>): LazyOnTouch<T> {
  let touched: () => void = () => {};
  const firstTouch = new Promise<void>((resolve) => {
    touched = resolve;
  });
  let code: Promise<T> | null = null;
  const loaded = () =>
    (code ??= firstTouch.then(load).catch((error: unknown) => {
      code = null; // offline for a moment: the next use tries again
      throw error;
    }));
  const start = () => {
    touched();
    if (code) return;
    loaded().catch(() => {
      // the use waiting for it fails, and the next one tries again
    });
  };
  return { loaded, formProps: { onFocus: start, onPointerDown: start, onInput: start } };
}

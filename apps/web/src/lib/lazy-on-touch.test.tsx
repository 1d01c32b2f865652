import type { FocusEvent, FormEvent, PointerEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyOnTouch, type LazyOnTouch } from './lazy-on-touch';

const focus = {} as FocusEvent<HTMLFormElement>;
const input = {} as FormEvent<HTMLFormElement>;
const press = {} as PointerEvent<HTMLFormElement>;

const code = { check: () => true };

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lazyOnTouch', () => {
  it('fetches nothing until the form is first touched; what asked for the code meanwhile then gets it', async () => {
    const load = vi.fn(async () => code);
    const lazy = lazyOnTouch(load);

    let settled = false;
    const onMount = lazy.loaded().then((result) => {
      settled = true;
      return result;
    });
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(settled).toBe(false);

    lazy.formProps.onFocus(focus);
    await expect(onMount).resolves.toBe(code);

    lazy.formProps.onInput(input);
    lazy.formProps.onPointerDown(press);
    await expect(lazy.loaded()).resolves.toBe(code);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a pointer press', (lazy: LazyOnTouch<typeof code>) => lazy.formProps.onPointerDown(press)],
    ['an input (a password manager filling the form)', (lazy: LazyOnTouch<typeof code>) => lazy.formProps.onInput(input)],
  ])('starts fetching on %s too', async (_, touch) => {
    const load = vi.fn(async () => code);
    const lazy = lazyOnTouch(load);
    touch(lazy);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the fetch again at the next use when it failed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(code);
    const lazy = lazyOnTouch(load);
    lazy.formProps.onFocus(focus);

    await expect(lazy.loaded()).rejects.toThrow('offline');
    await expect(lazy.loaded()).resolves.toBe(code);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

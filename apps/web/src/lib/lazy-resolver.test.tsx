import type { FocusEvent, FormEvent, PointerEvent } from 'react';
import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver, type LazyResolver } from './lazy-resolver';

type Fields = { email: string };
type Lazy = LazyResolver<Fields, unknown, Fields>;

const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Fields>>[2];
const focus = {} as FocusEvent<HTMLFormElement>;
const input = {} as FormEvent<HTMLFormElement>;
const press = {} as PointerEvent<HTMLFormElement>;

const validResult = { values: { email: 'a@example.com' }, errors: {} };

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lazyResolver', () => {
  it('fetches nothing until the form is first touched; the validation asked for meanwhile then settles', async () => {
    const validate = vi.fn<Resolver<Fields>>(async () => validResult);
    const load = vi.fn(async () => validate);
    const resolver = lazyResolver<Fields, unknown, Fields>(load);

    let settled = false;
    const onMount = Promise.resolve(resolver({ email: '' }, undefined, options)).then((result) => {
      settled = true;
      return result;
    });
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(settled).toBe(false);

    resolver.formProps.onFocus(focus);
    await expect(onMount).resolves.toEqual(validResult);
    expect(validate).toHaveBeenCalledWith({ email: '' }, undefined, options);

    resolver.formProps.onInput(input);
    resolver.formProps.onPointerDown(press);
    await resolver({ email: 'a@example.com' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a pointer press', (resolver: Lazy) => resolver.formProps.onPointerDown(press)],
    ['an input (a password manager filling the form)', (resolver: Lazy) => resolver.formProps.onInput(input)],
  ])('starts fetching on %s too', async (_, touch) => {
    const load = vi.fn(async () => vi.fn<Resolver<Fields>>(async () => validResult));
    const resolver = lazyResolver<Fields, unknown, Fields>(load);
    touch(resolver);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the fetch again at the next validation when it failed', async () => {
    const validate = vi.fn<Resolver<Fields>>(async () => validResult);
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(validate);
    const resolver = lazyResolver<Fields, unknown, Fields>(load);
    resolver.formProps.onFocus(focus);

    await expect(resolver({ email: '' }, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({ email: '' }, undefined, options)).resolves.toEqual(validResult);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose code (the zod schema and zod itself) arrives with the first validation instead
 * of with the page. For the sign-in page only, which must paint from as little script as it can
 * (docs/adr/0033-sign-in-page-weight.md): validation first runs on submit, so the import overlaps the user's typing.
 * Every other form imports `zodResolver` directly: the shell has zod loaded already.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let loaded: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    loaded ??= load();
    const resolver = await loaded;
    return resolver(values, context, options);
  };
}

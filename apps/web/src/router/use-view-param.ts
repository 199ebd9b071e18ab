import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { tabsStore } from '../layout/tabs-store.js';
import { useStore } from '../util/store.js';
import { useViewPlace } from './view-context.js';

/** How a value is written into the address and read back; a value that does not read back is the fallback. */
export interface ParamCodec<T> {
  parse: (text: string) => T | undefined;
  format: (value: T) => string;
}

export const textParam: ParamCodec<string> = { parse: (s) => s, format: (s) => s };

/** A whole number ≥ 1 (a page of a list). */
export const pageParam: ParamCodec<number> = {
  parse: (s) => (/^[1-9]\d{0,5}$/.test(s) ? Number(s) : undefined),
  format: (n) => String(n),
};

/** One of a closed set of words (a tab, a kind): anything else in the address reads as the fallback. */
export function oneOfParam<T extends string>(values: readonly T[]): ParamCodec<T> {
  return { parse: (s) => (values as readonly string[]).includes(s) ? (s as T) : undefined, format: (v) => v };
}

/**
 * A page's view state — the tab shown, a filter, the page of a list, the class chosen — kept in the page's address
 * (`?tab=…&page=…`) instead of component state: it survives a reload, goes with a copied link, and the browser's back
 * button undoes nothing by surprise (changes replace the entry). The fallback is left out of the address.
 *
 * Read from the page's own tab (docs/product/shell-and-sign-in.md#tabs): a page kept alive in a background tab keeps
 * its own query while another page is shown. Outside the shell (public pages, tests) the browser's address is used.
 */
export function useViewParam<T>(name: string, fallback: T, codec: ParamCodec<T>): [T, (next: T) => void] {
  const place = useViewPlace();
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = useStore(tabsStore);
  const own = place && !place.active ? (tabs.find((t) => t.path === place.path)?.search ?? '') : location.search;
  const raw = new URLSearchParams(own).get(name);
  const value = raw === null ? fallback : (codec.parse(raw) ?? fallback);

  const set = useCallback(
    (next: T) => {
      // Read the address at the moment of the change: two setters called in one handler each see the other's write.
      const params = new URLSearchParams(window.location.search);
      const text = codec.format(next);
      if (text === codec.format(fallback)) params.delete(name);
      else params.set(name, text);
      const search = params.toString();
      void navigate({ pathname: place?.path ?? window.location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    },
    [codec, fallback, name, navigate, place?.path],
  );
  return [value, set];
}

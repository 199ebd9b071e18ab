import { useCallback, useEffect, useRef } from 'react';
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

/** A filter's value from a closed set, or '' for "all" (the fallback a filter starts from). */
export function filterParam<T extends string>(values: readonly T[]): ParamCodec<T | ''> {
  // '' is not among the values: an absent or unknown value reads as the fallback, "all"
  return oneOfParam<T | ''>(values);
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
  const inBackground = place !== null && !place.active;
  const own = inBackground ? (tabs.find((t) => t.path === place.path)?.search ?? '') : location.search;
  const raw = new URLSearchParams(own).get(name);
  const value = raw === null ? fallback : (codec.parse(raw) ?? fallback);

  // The setter keeps one identity for the page's life: effects that list it (a new filter resets the page) must not
  // run again because another tab was opened (react-router's navigate changes with the path) or a codec was built
  // inline. What it needs is read from the latest render when it is called.
  const latest = useRef({ navigate, place, fallback, codec });
  useEffect(() => {
    latest.current = { navigate, place, fallback, codec };
  });
  const set = useCallback(
    (next: T) => {
      const { navigate: go, place: at, fallback: none, codec: c } = latest.current;
      const background = at !== null && !at.active;
      // The address at the moment of the change: two setters called in one handler each see the other's write.
      const before = background ? (tabsStore.get().find((t) => t.path === at.path)?.search ?? '') : window.location.search;
      const params = new URLSearchParams(before);
      const was = params.toString();
      const text = c.format(next);
      if (text === c.format(none)) params.delete(name);
      else params.set(name, text);
      if (params.toString() === was) return;
      const search = params.toString() ? `?${params.toString()}` : '';
      // A page in a background tab (an effect of its own) changes its tab's remembered address, never the browser's:
      // navigating would take the user away from the page they are on.
      if (background) {
        tabsStore.set((all) => all.map((t) => (t.path === at.path ? { ...t, search } : t)));
        return;
      }
      void go({ pathname: at?.path ?? window.location.pathname, search }, { replace: true });
    },
    [name],
  );
  return [value, set];
}

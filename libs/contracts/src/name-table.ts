/**
 * A table looked up by a name that may come from outside — a path segment (`/academic/options/{source}`), a sort
 * column — is made without a prototype, so `__proto__`, `constructor` or `toString` name nothing, like any other
 * unknown name, instead of members of Object.prototype, which a plain object literal answers (`RESOURCES['constructor']`
 * was the Object function, read as a resource's declaration: a 500). The table is frozen: a registry is declared once.
 */
export function nameTable<V>(entries: Iterable<readonly [string, V]> | Readonly<Record<string, V>>): Readonly<Record<string, V>> {
  const table = Object.create(null) as Record<string, V>;
  const pairs = Symbol.iterator in entries ? (entries as Iterable<readonly [string, V]>) : Object.entries(entries as Readonly<Record<string, V>>);
  for (const [name, value] of pairs) table[name] = value;
  return Object.freeze(table);
}

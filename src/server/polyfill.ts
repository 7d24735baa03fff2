/**
 * better-auth calls Object.groupBy (Node 21+); these machines run Node 20.
 * See docs/decisions/0003-object-groupby-polyfill.md. Imported before better-auth loads.
 */
type GroupBy = <T, K extends PropertyKey>(
  items: Iterable<T>,
  key: (item: T, index: number) => K,
) => Partial<Record<K, T[]>>;

const objectWithGroupBy = Object as unknown as { groupBy?: GroupBy };
if (typeof objectWithGroupBy.groupBy !== 'function') {
  Object.defineProperty(Object, 'groupBy', {
    configurable: true,
    writable: true,
    value: function groupBy<T, K extends PropertyKey>(
      items: Iterable<T>,
      key: (item: T, index: number) => K,
    ) {
      const out = Object.create(null) as Record<K, T[]>;
      let i = 0;
      for (const item of items) (out[key(item, i++)] ??= []).push(item);
      return out;
    },
  });
}

export {};

/** Every path of a JSON value: objects by key, arrays as `[]`; a null or a scalar ends a path. */
export function paths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => paths(v, `${prefix}[]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => {
      const p = prefix ? `${prefix}.${k}` : k;
      return [p, ...paths(v, p)];
    });
  }
  return [];
}

/** The distinct paths of a value, sorted: what a contract test compares with its list. */
export const pathSet = (value: unknown) => [...new Set(paths(value))].sort();

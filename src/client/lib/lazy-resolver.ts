import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod';

/**
 * A form's Zod resolver whose schema (and Zod itself, ~20 KB gzipped) is fetched on the form's
 * first validation instead of with the page: the page shows and hydrates without the validator,
 * and the same shared schema still checks the form before it is sent (docs/decisions/0013).
 */
export function lazyZodResolver<Values extends FieldValues>(
  loadSchema: () => Promise<z.ZodType<Values, Values>>,
): Resolver<Values> {
  let resolver: Promise<Resolver<Values>> | undefined;
  return async (values, context, options) => {
    // Zod is told not to compile parsers (CSP) before the schema module builds its schemas.
    resolver ??= import('./zod-config.ts')
      .then(() => Promise.all([import('@hookform/resolvers/zod'), loadSchema()]))
      .then(([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<Values>);
    try {
      return await (
        await resolver
      )(values, context, options);
    } catch (error) {
      // A failed download (offline, a new deploy) is tried again on the next validation.
      resolver = undefined;
      throw error;
    }
  };
}

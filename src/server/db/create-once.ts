import { randomUUID } from 'node:crypto';
import { HttpError } from '../errors.ts';

/**
 * Makes a row for a write that may arrive twice (its answer lost on the way back, then retried):
 * the browser names the row with an id it chose (`chosenIdSchema`), and the same id answers the
 * row already made instead of making a second one (docs/decisions/0039). Without an id, a new
 * row each time.
 *
 * - `find(id)`: the row with that id, if any;
 * - `owns(row)`: whether it is the asker's (another's id answers 409, and nothing of it is shown);
 * - `insert(id)`: makes the row (`on conflict do nothing`), or answers null when a copy sent at
 *   the same time made it first.
 */
export async function createOnce<Row>(
  chosenId: string | undefined,
  {
    find,
    owns,
    insert,
  }: {
    find: (id: string) => Promise<Row | undefined>;
    owns: (row: Row) => boolean;
    insert: (id: string) => Promise<Row | null>;
  },
): Promise<{ row: Row; created: boolean }> {
  const made = async (id: string) => {
    const row = await find(id);
    if (row !== undefined && !owns(row)) {
      throw new HttpError(409, 'errors.idTaken', {}, 'ID_TAKEN');
    }
    return row;
  };
  if (chosenId) {
    const row = await made(chosenId);
    if (row !== undefined) return { row, created: false };
  }
  const id = chosenId ?? randomUUID();
  const inserted = await insert(id);
  if (inserted !== null) return { row: inserted, created: true };
  const row = await made(id);
  if (row === undefined) throw new Error(`row ${id} was neither made nor found`);
  return { row, created: false };
}

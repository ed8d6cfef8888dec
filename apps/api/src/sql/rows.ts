/**
 * The one row a statement always answers (an aggregate, an insert's `returning`, a row a foreign key
 * guarantees): none is a bug, thrown as `missing`.
 */
export function onlyRow<R>(rows: readonly R[], missing: string): R {
  const row = rows[0];
  if (!row) throw new Error(missing);
  return row;
}

/** A copy of the ticked ids with `ids` ticked or unticked: one row, or every row of the page. */
export function withTicked(
  selected: ReadonlySet<string>,
  ids: readonly string[],
  checked: boolean,
): Set<string> {
  const next = new Set(selected);
  for (const id of ids) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** The page checkbox: ticked when every row of the page is, half-ticked when only some are. */
export function pageTickState(
  selected: ReadonlySet<string>,
  pageIds: readonly string[],
): { all: boolean; some: boolean } {
  const ticked = pageIds.filter((id) => selected.has(id)).length;
  return {
    all: pageIds.length > 0 && ticked === pageIds.length,
    some: ticked > 0 && ticked < pageIds.length,
  };
}

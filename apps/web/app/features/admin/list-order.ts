// Moving one item of an ordered list (slides, a colour's images): what a drag or an Up/Down button asks for.

/** `list` with the item at `from` moved to `to`; the others keep their order. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

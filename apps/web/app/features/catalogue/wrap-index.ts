/** i modulo count, also for negative i: wrapIndex(-1, 3) === 2. Sliders and galleries wrap around. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

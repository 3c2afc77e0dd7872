// Spreading a discount over order lines in paise (decision 029, allocation): proportional shares by the largest
// remainder, so the shares always sum to the discount exactly and no line gets more than its weight.

function assertWeight(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative safe integer, got ${value}`);
  }
}

/**
 * Splits `totalPaise` over lines in proportion to `weights` (each line's amount in paise). Every line gets the floor
 * of its exact share; the paise left over go one each to the lines with the largest remainders, ties to the
 * earlier line. Throws a RangeError when the total exceeds the sum of the weights, or for a negative or fractional
 * input, so a caller cannot hand a line more than it costs.
 */
export function allocatePaise(totalPaise: number, weights: readonly number[]): number[] {
  assertWeight(totalPaise, 'totalPaise');
  weights.forEach((weight) => assertWeight(weight, 'weight'));
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  if (totalPaise > weightSum) {
    throw new RangeError(`cannot allocate ${totalPaise} paise over weights summing to ${weightSum}`);
  }
  if (totalPaise === 0) return weights.map(() => 0);
  // BigInt keeps total x weight exact beyond 2^53 (a large cart times a large discount).
  const total = BigInt(totalPaise);
  const sum = BigInt(weightSum);
  const shares = weights.map((weight) => Number((total * BigInt(weight)) / sum));
  const remainders = weights.map((weight, index) => ({ index, rest: (total * BigInt(weight)) % sum }));
  let left = totalPaise - shares.reduce((acc, share) => acc + share, 0);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

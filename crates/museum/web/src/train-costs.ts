// What the Threes! panel says of training runs' costs (`ludomat_threes::learn_watch::costs`):
// it offers the runs that fit the museum's limit by this build's own figures, and quotes
// only the measured runs it offers, never one a visitor cannot start here. Imports
// nothing, so tests/train-costs.test.mjs compiles it on its own.

/** A training run measured in this build. */
export interface TrainCost { games: number; cpu_ms: number; wall_ms: number; build: string }

/**
 * Whether a run of `size` games fits the museum's limit (`limitMs`, none: every run) by
 * the measured figures: its own wall time, or that of the largest smaller run measured,
 * in proportion.
 */
export function fits(costs: TrainCost[], size: number, limitMs: number | undefined): boolean {
  if (!limitMs) return true;
  const mine = costs.find((c) => c.games === size);
  if (mine) return mine.wall_ms <= limitMs;
  const below = costs.filter((c) => c.games < size).sort((a, b) => b.games - a.games)[0];
  return !below || (below.wall_ms * size) / below.games <= limitMs;
}

/** The sizes of `sizes` the panel offers: those that fit the limit. */
export function offered(sizes: number[], costs: TrainCost[], limitMs: number | undefined): number[] {
  return sizes.filter((n) => fits(costs, n, limitMs));
}

/** The measured runs the panel quotes: those of the sizes it offers, smallest first. */
export function quoted(costs: TrainCost[], sizes: number[]): TrainCost[] {
  return costs.filter((c) => sizes.includes(c.games)).sort((a, b) => a.games - b.games);
}

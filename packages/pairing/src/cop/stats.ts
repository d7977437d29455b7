/**
 * Exact binomial tails, for deciding whether a simulated probability lies
 * clearly above or below a threshold: the Clopper–Pearson interval at level
 * 1−α excludes h from above exactly when P(X ≥ x | p = h) ≤ α/2, and from
 * below when P(X ≤ x | p = h) ≤ α/2, so no inverse beta function is needed.
 */
function logGamma(x: number): number {
  // Lanczos approximation (g = 7, n = 9).
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = c[0];
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

function logPmf(k: number, n: number, p: number): number {
  if (p <= 0) return k === 0 ? 0 : -Infinity;
  if (p >= 1) return k === n ? 0 : -Infinity;
  return (
    logGamma(n + 1) -
    logGamma(k + 1) -
    logGamma(n - k + 1) +
    k * Math.log(p) +
    (n - k) * Math.log(1 - p)
  );
}

/**
 * P(X ≥ x) for X ~ Binomial(n, p). From x upwards the terms follow
 * pmf(k+1) = pmf(k)·(n−k)/(k+1)·p/(1−p); above the mean they only shrink, so
 * the sum stops once they no longer matter.
 */
export function upperTail(x: number, n: number, p: number): number {
  if (x <= 0) return 1;
  if (x > n) return 0;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  const ratio = p / (1 - p);
  let term = Math.exp(logPmf(x, n, p));
  let sum = 0;
  for (let k = x; k <= n; k++) {
    sum += term;
    if (k > n * p && term < sum * 1e-12) break;
    term *= ((n - k) / (k + 1)) * ratio;
  }
  return Math.min(sum, 1);
}

export function lowerTail(x: number, n: number, p: number): number {
  return upperTail(n - x, n, 1 - p);
}

/** −1: clearly below h, 1: clearly above, 0: undecided (level 1 − alpha). */
export function compareToThreshold(x: number, n: number, h: number, alpha: number): -1 | 0 | 1 {
  // Only the tail on the far side of the observed share can be small.
  if (x > n * h) return upperTail(x, n, h) <= alpha / 2 ? 1 : 0;
  if (x < n * h) return lowerTail(x, n, h) <= alpha / 2 ? -1 : 0;
  return 0;
}

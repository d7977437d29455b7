/**
 * Winning margins for simulated games. Tessera's own model (not measured
 * data): 510 quantiles of a gamma distribution with shape 2 and scale 45
 * (mean 90, most common margin 45, as tournament margins roughly are), plus
 * two zeros so about 0.4% of simulated games are ties. Drawn uniformly by an
 * index of 9 bits.
 */
function gammaTwoQuantile(q: number, scale: number): number {
  // CDF of Gamma(2, θ): 1 − e^(−x/θ)(1 + x/θ); inverted by bisection.
  let lo = 0;
  let hi = 40 * scale;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    const t = mid / scale;
    if (1 - Math.exp(-t) * (1 + t) < q) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export const MARGINS: Int32Array = (() => {
  const out = new Int32Array(512);
  for (let i = 0; i < 510; i++)
    out[i + 2] = Math.max(1, Math.round(gammaTwoQuantile((i + 0.5) / 510, 45)));
  return out;
})();

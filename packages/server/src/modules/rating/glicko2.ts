/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013). Step
 * numbers below follow the paper. A rating period here is one game: after
 * each rated game both players are updated against each other.
 */

export interface Glicko {
  rating: number;
  deviation: number;
  volatility: number;
}

export interface GlickoResult {
  opponent: Glicko;
  /** 1 win, 0.5 draw, 0 loss. */
  score: number;
}

export const INITIAL_RATING = 1500;
export const INITIAL_DEVIATION = 350;
export const INITIAL_VOLATILITY = 0.06;
/** The system constant τ: how much volatility may change in one period. */
export const TAU = 0.5;
/** A rating is established (no "?") once its deviation is at most this. */
export const ESTABLISHED_DEVIATION = 90;
/** Deviations never fall below this, so ratings keep moving. */
export const MIN_DEVIATION = 45;
export const MAX_DEVIATION = 350;

const SCALE = 173.7178;
const CONVERGENCE = 0.000001;

export const initialGlicko = (): Glicko => ({
  rating: INITIAL_RATING,
  deviation: INITIAL_DEVIATION,
  volatility: INITIAL_VOLATILITY,
});

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number) =>
  1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

export function updateGlicko(player: Glicko, results: GlickoResult[], tau = TAU): Glicko {
  // Step 2: convert to the Glicko-2 scale.
  const mu = (player.rating - INITIAL_RATING) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  if (results.length === 0) {
    // Step 6 alone: an idle period only widens the deviation.
    const phiStar = Math.sqrt(phi * phi + sigma * sigma);
    return { ...player, deviation: Math.min(MAX_DEVIATION, phiStar * SCALE) };
  }
  const opponents = results.map((r) => ({
    mu: (r.opponent.rating - INITIAL_RATING) / SCALE,
    phi: r.opponent.deviation / SCALE,
    score: r.score,
  }));

  // Step 3: the estimated variance v from game outcomes alone.
  let vInverse = 0;
  // Step 4: the estimated improvement Δ (as the sum before scaling by v).
  let deltaSum = 0;
  for (const o of opponents) {
    const gj = g(o.phi);
    const e = expected(mu, o.mu, o.phi);
    vInverse += gj * gj * e * (1 - e);
    deltaSum += gj * (o.score - e);
  }
  const v = 1 / vInverse;
  const delta = v * deltaSum;

  // Step 5: the new volatility σ', by the Illinois algorithm on f(x).
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k += 1;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > CONVERGENCE) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  const sigmaNew = Math.exp(A / 2);

  // Step 6: the pre-period deviation φ*.
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  // Step 7: the new deviation φ' and rating μ'.
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * deltaSum;

  // Step 8: back to the original scale.
  return {
    rating: SCALE * muNew + INITIAL_RATING,
    deviation: Math.min(MAX_DEVIATION, Math.max(MIN_DEVIATION, SCALE * phiNew)),
    volatility: sigmaNew,
  };
}

export const isEstablished = (r: Glicko) => r.deviation <= ESTABLISHED_DEVIATION;

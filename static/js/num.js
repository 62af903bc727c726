// Numbers as the table shows them: a negative number takes a true minus sign (U+2212), never a
// hyphen, wherever it appears (scores, points, premiums, struck deals, the chart's axis).
export const MINUS = "\u2212";

export function num(n) {
  return n < 0 ? MINUS + String(Math.abs(n)) : String(n);
}

// A change: "+50", "−200", "0".
export function signed(n) {
  return n > 0 ? "+" + String(n) : num(n);
}

/**
 * The ball's path seen from behind the golfer, in a 0..100 box: tee at the bottom centre, target at the top.
 * The start line follows the face angle and the curve the face-to-path difference (section 5), both
 * exaggerated so a few degrees are visible on a phone.
 */
export interface FlightPath {
  d: string;
  start: { x: number; y: number };
  end: { x: number; y: number };
}

const DEG_TO_X = 3; // horizontal units per degree
const LIMIT = 45;
/** The 'target' label's baseline at the top of the box (its letters sit above it). */
export const TARGET_LABEL_BASELINE = 11;
/** Radius of the landing mark. */
export const LANDING_MARK_R = 2.4;
/** Where the ball lands: below the 'target' label, so the landing mark never covers the word. */
export const LANDING_Y = 20;

export function ballFlightPath(faceAngle: number, faceToPath: number): FlightPath {
  const clamp = (n: number) => Math.max(-LIMIT, Math.min(LIMIT, n));
  const startDrift = clamp(faceAngle * DEG_TO_X);
  const curveDrift = clamp(faceToPath * DEG_TO_X);
  const start = { x: 50, y: 95 };
  const control = { x: 50 + startDrift, y: 50 };
  const end = { x: 50 + clamp(startDrift + curveDrift), y: LANDING_Y };
  return { d: `M ${start.x} ${start.y} Q ${control.x} ${control.y} ${end.x} ${end.y}`, start, end };
}

/*
 * The set-up: where the trunk stood still before the backswing, the reference the turn is read against.
 *
 * From behind, the takeaway's first part hides from the picture: the club and hands start back along the
 * target line, toward the camera, so in the picture the hands barely move while the trunk has begun to
 * turn. The hands (events.ts) date the address where they visibly leave their rest, as the labels do, but
 * by then the trunk has turned: on the measure model's 3D skeleton, read from above on the frames the
 * address is timed on, the shoulders have turned 3° at tour pro A's down-the-line address, 7° at tour
 * pro B's, 16° and 22° at the two slow-motion driver clips'. Read against the body there, every one of
 * those degrees is lost from the turn figures.
 *
 * The two views of one golfer show it is the hidden takeaway and not the skeleton's depth. Face-on,
 * where the hands move across the picture from the start, the backswing (address to top) lasts 21
 * frames for tour pro A and 30 for tour pro B by the labels; from behind, 17 and 23 frames by the
 * labels, and 20-21 and 30-31 from the look where the shoulders leave their still direction.
 *
 * So the set-up is the look before the address at which the trunk was turned least in the backswing's
 * direction, on the same readings the address was timed on (half a second before the hands' first
 * reading of it onward: the golfer has taken the stance by then). No threshold is needed: on a still
 * trunk the fused readings jitter by a tenth of a degree, so whichever still look is lowest, the
 * reference is the trunk at rest. It is the lowest look and not the first one a walk back along the
 * wind-up meets: in slow motion the wind-up's first tenth of a second creeps by under half a degree a
 * look, and one look reading a hair back stops such a walk short. Nor only the looks while the hands
 * rest: the hands' first move goes toward the camera, slowly enough to count as rest on some copies of a
 * clip and not on others (the slow-motion driver clip's rest began 40 frames apart on two copies). A
 * trunk that turned the other way first (a press) is read from its most open look.
 */
import { wrapDeg } from './geometry.js';

/** The trunk's direction (degrees, seen from above: the shoulder line's yaw) on one looked-at frame. */
export interface TrunkLook {
  frame: number;
  yaw: number;
}

/**
 * The frame at which the trunk, on the looks up to `address`, was turned least in the backswing's
 * direction: the latest such look. The backswing's direction is the way the trunk has turned by the last
 * look. `address` where the looks do not show a turn after it.
 */
export function trunkSetUp(looks: TrunkLook[], address: number): number {
  const seen = looks.filter((l) => Number.isFinite(l.yaw)).sort((a, b) => a.frame - b.frame);
  const at = seen.findLastIndex((l) => l.frame <= address);
  const last = seen[seen.length - 1];
  if (at < 0 || !last || last.frame <= seen[at]!.frame) return address;
  const direction = Math.sign(wrapDeg(last.yaw - seen[at]!.yaw));
  if (direction === 0) return address;
  const turn = (i: number) => direction * wrapDeg(seen[i]!.yaw - seen[at]!.yaw);
  let least = at;
  for (let i = at - 1; i >= 0; i--) if (turn(i) < turn(least)) least = i;
  return seen[least]!.frame;
}

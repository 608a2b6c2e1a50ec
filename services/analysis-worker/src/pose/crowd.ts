/*
 * Is someone else in the picture? Asking the detector for two people is not enough: with two golfers
 * side by side in a wide frame it found the second one in only 3 to 4 of 10 frames, so the verdict
 * flipped between machines. Instead the golfer we are tracking is blanked out and the detector looks
 * again; whoever it finds then is somebody else. Only people of about the golfer's size count: a
 * spectator far behind on the course does not make the clip ambiguous, a second golfer in the next bay does.
 *
 * And only someone who swings as well. The swing found is the tracked golfer's, so a second golfer
 * swinging beside them leaves a doubt over whose swing was measured, while a caddie, a coach or a friend
 * standing by cannot have made it: refusing their clips refused real swings (tour pro A's down-the-line
 * clip with a still onlooker three quarters his height beside him was refused, and with the onlooker
 * allowed reads its events within tolerance and its turns within 0.6-4.3° of the clip alone).
 *
 * A golfer swinging in the next bay of a range need not refuse the clip, though. The phone is pointed
 * at the golfer it films, from a few metres; the next bay is some three metres along the line of bays.
 * Face-on (the line of bays along the camera's view) its golfer stands behind the filmed one and to one
 * side, about half as tall (3.5/6.5 m away). From behind, the line of bays runs across the picture, so
 * the neighbour stands about as far from the lens and looks about as tall (a lens makes a thing's size
 * depend on its depth, not on how far to the side it stands), but off to the side of the picture, whose
 * middle the person filming gave to their golfer. So the filmed golfer is told from the other by who
 * stands plainly nearer the picture's middle, and where neither does, by stature where one is plainly
 * taller.
 * Then the other's place is hidden (filled grey in every frame the pose model reads) and the clip is
 * read again: whoever the search locked onto first, only one swing is left to find. Tracking alone
 * cannot be trusted to stay with the right one: on bench:robustness's 'a golfer swinging in the next
 * bay' the search followed the smaller neighbour for the first 1.4 s and then jumped to the golfer, and
 * the measured 'swing' was neither's. Two golfers of about one size as far from the middle, or two
 * whose swings cross, still leave the doubt, and the clip is still refused.
 */
import { EVENT_THRESHOLDS } from './events.js';
import { handsPx, hipCentrePx, median, torsoLengthPx } from './geometry.js';
import { LANDMARK_COUNT, LM, type Pose } from './landmarks.js';
import type { PixelBox } from './crop.js';
import type { RawFrame } from './runtime/protocol.js';

/** Normalised image box (0..1 on both axes). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Someone at least this tall against the golfer counts as a second person. */
export const MIN_OTHER_HEIGHT = 0.5;
/** The golfer's box is grown by this share of its height on every side before it is blanked (club, loose clothing). */
export const MASK_MARGIN = 0.12;

/** The box around a pose's landmarks. */
export function bodyBox(pose: Pose): Box {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (let i = 0; i < LANDMARK_COUNT; i++) {
    const x = pose.image[i * 4]!;
    const y = pose.image[i * 4 + 1]!;
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  return { left, top, right, bottom };
}

export const boxHeight = (b: Box): number => b.bottom - b.top;

/** The smallest box holding every one of `boxes` (at least one). */
export const boxAround = (boxes: Box[]): Box =>
  boxes.reduce((a, b) => ({ left: Math.min(a.left, b.left), top: Math.min(a.top, b.top), right: Math.max(a.right, b.right), bottom: Math.max(a.bottom, b.bottom) }));

export function grow(b: Box, share: number): Box {
  const m = boxHeight(b) * share;
  return { left: b.left - m, top: b.top - m, right: b.right + m, bottom: b.bottom + m };
}

/** A copy of the frame with the box filled mid-grey (no edges or skin tones left for the detector). */
export function blankOut(frame: RawFrame, box: Box): RawFrame {
  const data = new Uint8Array(frame.data);
  const x0 = Math.max(0, Math.floor(box.left * frame.width));
  const x1 = Math.min(frame.width, Math.ceil(box.right * frame.width));
  const y0 = Math.max(0, Math.floor(box.top * frame.height));
  const y1 = Math.min(frame.height, Math.ceil(box.bottom * frame.height));
  if (x1 > x0) {
    for (let y = y0; y < y1; y++) data.fill(128, (y * frame.width + x0) * 4, (y * frame.width + x1) * 4);
  }
  return { ...frame, data };
}

/**
 * Whether a pose found after blanking the golfer is another person: as tall as MIN_OTHER_HEIGHT of the
 * golfer, and centred outside the golfer's box (a detection of the golfer's own leftover arm or club
 * sits inside it).
 */
export function isSomeoneElse(found: Pose | null, golfer: Box): boolean {
  if (!found) return false;
  const b = bodyBox(found);
  const cx = (b.left + b.right) / 2;
  const cy = (b.top + b.bottom) / 2;
  const inside = cx > golfer.left && cx < golfer.right && cy > golfer.top && cy < golfer.bottom;
  return !inside && boxHeight(b) >= MIN_OTHER_HEIGHT * boxHeight(golfer);
}

/** One sampled frame with the golfer blanked out, and where the golfer was. */
export interface CrowdCheck {
  frame: RawFrame;
  golfer: Box;
}

/** The checks for a sample of frames (copies: the originals stay usable); frames where the golfer was not tracked are left out. */
export function crowdChecks(sample: RawFrame[], golferAt: (frame: number) => Pose | null): CrowdCheck[] {
  return sample.flatMap((frame) => {
    const pose = golferAt(frame.index);
    if (!pose) return [];
    const golfer = bodyBox(pose);
    return [{ frame: blankOut(frame, grow(golfer, MASK_MARGIN)), golfer }];
  });
}

/**
 * Share of sampled frames with a second person that makes the clip ambiguous: when they swing too, or
 * when no swing was found at all (the search may have followed the wrong person).
 */
export const MAX_CROWD_SHARE = 0.3;
/**
 * Frames in which someone else's hands are as high as a swing's top before they count as swinging: one
 * such frame can be a misplaced wrist, or an onlooker shading their eyes.
 */
export const MIN_SWINGING_FRAMES = 2;

/** Height of a person's hands above their hip centre, in their torso lengths (the event search's `up`). */
export function handsHeight(pose: Pose, width: number, height: number): number {
  const torso = torsoLengthPx(pose, width, height);
  return torso > 0 ? (hipCentrePx(pose, width, height)[1] - handsPx(pose, width, height)[1]) / torso : 0;
}

export interface CrowdVerdict {
  /** Share of the checked frames where the detector, looking again, found someone else. */
  share: number;
  /** Whether that someone's hands rose as high as a swing's top (EVENT_THRESHOLDS.high). */
  swinging: boolean;
}

/** Who else the checked frames show, and whether they swing too. */
export function crowdVerdict(checks: CrowdCheck[], foundAt: (frame: number) => Pose | null): CrowdVerdict {
  const others = checks.flatMap((c) => {
    const found = foundAt(c.frame.index);
    return found && isSomeoneElse(found, c.golfer) ? [{ pose: found, frame: c.frame }] : [];
  });
  const raised = others.filter((o) => handsHeight(o.pose, o.frame.width, o.frame.height) > EVENT_THRESHOLDS.high).length;
  return { share: checks.length ? others.length / checks.length : 0, swinging: raised >= MIN_SWINGING_FRAMES };
}

/** Someone else swings in enough of the picture that whose swing was measured is in doubt. */
export const isAmbiguous = (v: CrowdVerdict): boolean => v.share > MAX_CROWD_SHARE && v.swinging;

/** The face's landmarks (nose to mouth) and the feet's (ankles, heels, toes): stature runs from one to the other. */
const FACE = Array.from({ length: LM.mouthRight + 1 }, (_, i) => i);
const FEET = [LM.leftAnkle, LM.rightAnkle, LM.leftHeel, LM.rightHeel, LM.leftFootIndex, LM.rightFootIndex];

/**
 * Height from the face to the lower foot (normalised to the picture's height): a person's size whatever
 * their arms do. The box's height would make it a matter of the moment in the swing (hands above the
 * head at the top, at the hips at address).
 */
export function statureOf(pose: Pose): number {
  const y = (i: number) => pose.image[i * 4 + 1]!;
  return Math.max(...FEET.map(y)) - Math.min(...FACE.map(y));
}

/**
 * Someone else this tall against the golfer (statures) could be the one the clip is about. One person's
 * stature moves by up to about a tenth through a swing (bent over the ball at address, upright at the
 * finish) and with the landmarks' jitter; face-on the next bay's golfer reads about half.
 */
export const NEAR_AS_GOLFER = 0.9;
/**
 * How far past the landmarks the checked frames caught someone's swing may reach, in their statures:
 * the frames may miss their top and finish, where the hands rise about a quarter of a height above the
 * head. (Their club beyond the hands may show: to the detector it is no person.)
 */
export const SWING_REACH = 0.25;

/**
 * How much further from the picture's middle than the golfer (a share of its width) a second golfer
 * must stand to be taken for the next bay's. The phone is pointed at the golfer it films, so they stand
 * near the middle; from behind, a neighbour as far from the lens is some three metres to the side,
 * which from five metres back is about two fifths of a landscape picture's width off the middle (a
 * phone's main camera sees about 70° across: tan 31° / tan 35° of the half width). Two people as far
 * from the middle leave the doubt.
 */
export const FRAMED_LEAD = 0.2;

/** Two people seen in one checked frame: the one the search followed there, and the one found after blanking them. */
export interface SeenTogether {
  tracked: Pose;
  other: Pose;
}

const overlaps = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

const centreOf = (p: Pose): number => {
  const b = bodyBox(p);
  return (b.left + b.right) / 2;
};

/** One of the two seen together: their poses, median stature, and how far their centre stands from the picture's middle. */
interface Seen {
  poses: Pose[];
  size: number;
  offCentre: number;
}

/**
 * Which of two people swinging is the golfer filmed: the one plainly nearer the picture's middle
 * (FRAMED_LEAD), where the phone was pointed; where neither is, the plainly taller one (the other stands
 * further off, as the next bay's golfer does face-on); null when neither tells them apart. Where the
 * picture sets them apart, size does not overrule it: from behind the neighbour stands as far from the
 * lens, and people's heights differ by a tenth or more, so a tall neighbour at the side is still the
 * neighbour.
 */
function tellApart(a: Seen, b: Seen): { golfer: Seen; other: Seen } | null {
  const [framed, aside] = a.offCentre <= b.offCentre ? [a, b] : [b, a];
  if (aside.offCentre - framed.offCentre >= FRAMED_LEAD) return { golfer: framed, other: aside };
  const [taller, shorter] = a.size >= b.size ? [a, b] : [b, a];
  return taller.size > 0 && shorter.size / taller.size < NEAR_AS_GOLFER ? { golfer: taller, other: shorter } : null;
}

/** `box` grown by `by` (a share of the picture's height) on every side, in a `width`×`height` picture's normalised units. */
const widen = (box: Box, by: number, width: number, height: number): Box => {
  const x = (by * height) / width;
  return { left: box.left - x, top: box.top - by, right: box.right + x, bottom: box.bottom + by };
};

/**
 * Where someone swinging beside the golfer stands, to be hidden while the clip is read again (see the
 * top of this file), or null when the doubt over whose swing it is cannot be settled that way: the two
 * are told apart by side (each frame's left one and right one, whichever the search was following), the
 * golfer is the one plainly nearer the picture's middle (FRAMED_LEAD) or else the plainly taller
 * (NEAR_AS_GOLFER), and the other's reach (SWING_REACH) must be clear of the golfer's body
 * in every checked frame. Boxes normalised to the picture.
 */
export function someoneToHide(seen: SeenTogether[], width: number, height: number): Box | null {
  if (seen.length === 0) return null;
  const sides = seen.map(({ tracked, other }) => (centreOf(tracked) <= centreOf(other) ? [tracked, other] : [other, tracked]));
  const people = [sides.map((s) => s[0]!), sides.map((s) => s[1]!)].map((poses) => ({ poses, size: median(poses.map(statureOf)), offCentre: Math.abs(median(poses.map(centreOf)) - 0.5) }));
  const told = tellApart(people[0]!, people[1]!);
  if (!told) return null;
  const { golfer: { poses: golfer, size: golferSize }, other: { poses: other, size: otherSize } } = told;
  const hide = widen(boxAround(other.map(bodyBox)), SWING_REACH * otherSize, width, height);
  if (golfer.some((p) => overlaps(widen(bodyBox(p), MASK_MARGIN * golferSize, width, height), hide))) return null;
  return { left: Math.max(0, hide.left), top: Math.max(0, hide.top), right: Math.min(1, hide.right), bottom: Math.min(1, hide.bottom) };
}

/** `box` (normalised to a whole picture `width`×`height` pixels) in the normalised units of its crop `crop` (pixels). */
export function boxInCrop(box: Box, crop: PixelBox, width: number, height: number): Box {
  const x = (v: number) => (v * width - crop.x) / crop.width;
  const y = (v: number) => (v * height - crop.y) / crop.height;
  return { left: x(box.left), top: y(box.top), right: x(box.right), bottom: y(box.bottom) };
}

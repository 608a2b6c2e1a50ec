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
 */
import { EVENT_THRESHOLDS } from './events.js';
import { handsPx, hipCentrePx, torsoLengthPx } from './geometry.js';
import { LANDMARK_COUNT, type Pose } from './landmarks.js';
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

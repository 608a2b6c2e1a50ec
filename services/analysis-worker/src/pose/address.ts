/*
 * The address, read again with the measure model. The search times the swing with the fast model on small
 * frames, which serves the top and impact (the hands move a torso length or more around them), but the
 * address is the moment the hands leave their rest by a few centimetres: the fast model's hands jitter by
 * about that on a small golfer (golfml's 26-pixel torso: 6 to 18 frames early), and from behind the
 * takeaway's first centimetres go toward the camera, where a coarse look sees them late (Adam Scott's
 * down-the-line address 3 frames late, 6 on a phone's portrait copy). The turn figures are read against
 * the body at address, so every degree turned before a late address is lost from them.
 *
 * So the stretch around the first reading is read again by the measure model on the measure frames (on
 * the crop around a small golfer), as it is and mirrored like every measured frame (flip.ts), and the
 * same rule (events.addressInWindow) times the address on those hands. The same readings show where the
 * trunk stood before it wound up into the backswing (setup.ts).
 */
import { addressInWindow, type SwingEventAt, type SwingEvents } from './events.js';
import { READING_VIEWS, fuseReadings, poseBack, showFrames } from './flip.js';
import { shoulderYaw } from './geometry.js';
import type { Pose } from './landmarks.js';
import { runChunk } from './passes.js';
import type { PosePool } from './runtime/pool.js';
import type { RawFrame } from './runtime/protocol.js';
import type { ModelVariant } from './runtime/landmarker.js';
import { trackPoints } from './search.js';
import type { CameraPath } from './camera.js';
import { trunkSetUp } from './setup.js';

/** The stretch read: from this long (real seconds) before the first reading of the address… */
export const ADDRESS_BEFORE_SEC = 0.5;
/** …to this long after it: the takeaway is under way by then. */
export const ADDRESS_AFTER_SEC = 0.3;
/** Looks per real second: a frame of 30 fps video, the labels' resolution. */
const LOOKS_PER_REAL_SEC = 30;

/** The frames to read around the first reading of the address (slow motion stretches the stretch). */
export function addressWindow(events: Pick<SwingEvents, 'address' | 'top' | 'timeScale'>, fps: number, lastFrame: number): number[] {
  const k = events.timeScale;
  const step = Math.max(1, Math.round((fps * k) / LOOKS_PER_REAL_SEC));
  const from = Math.max(0, Math.round(events.address.frame - ADDRESS_BEFORE_SEC * k * fps));
  const to = Math.min(lastFrame, events.top.frame - 1, Math.round(events.address.frame + ADDRESS_AFTER_SEC * k * fps));
  const out: number[] = [];
  for (let i = from; i <= to; i += step) out.push(i);
  return out;
}

/** The two readings of every frame that are each other's mirror image (READING_VIEWS at full size). */
const VIEWS = READING_VIEWS.filter((v) => v.scale === 1);

export interface AddressInput {
  pool: PosePool;
  variant: ModelVariant;
  /** The window's frames (addressWindow), at the measure size or the small golfer's crop. */
  frames: RawFrame[];
  /** Puts a pose found on a frame back into the measure frame's coordinates (for crops). */
  toFrame: (pose: Pose) => Pose;
  width: number;
  height: number;
  fps: number;
  timeScale: number;
  /** Pool slots for the picture's and the mirror's run. */
  workers: [number, number];
  /** The camera's own movement (camera.ts): the hands at rest are still against the world, not the picture. */
  camera?: CameraPath;
  signal?: AbortSignal;
}

/** The address on the measure model's hands, and the trunk's set-up: the look before it where the trunk was turned least. */
export interface AddressRead {
  address: SwingEventAt;
  /** At or before the address (setup.ts). */
  setUpFrame: number;
}

/**
 * Each frame's pose as the picture and its mirror read it, fused (flip.ts): also bench/takeaway.ts's
 * reading of the hands through a labelled takeaway, so the two read the hands alike.
 */
export async function fusedPoses(input: Pick<AddressInput, 'pool' | 'variant' | 'frames' | 'toFrame' | 'width' | 'height' | 'workers' | 'signal'>): Promise<{ index: number; pose: Pose | null }[]> {
  const options = { variant: input.variant, numPoses: 1, video: true, signal: input.signal } as const;
  const runs = await Promise.all(VIEWS.map((view) => runChunk(input.pool, showFrames(view, input.frames), { ...options, worker: input.workers[view.slot] })));
  const readings = runs.map((run, r) => new Map(run.flatMap((f) => (f.pose ? [[f.index, input.toFrame(poseBack(VIEWS[r]!, f.pose))] as const] : []))));
  // Labelled like the golfer in the first frame read (the golfer at rest), then averaged (flip.ts).
  const stance = input.frames.map((f) => readings.map((r) => r.get(f.index)).find((p) => p !== undefined)).find((p) => p !== undefined);
  return input.frames.map((f) => ({ index: f.index, pose: fuseReadings(readings.map((r) => r.get(f.index)), stance, input.width, input.height)?.pose ?? null }));
}

/** The address timed on the measure model's hands, or null where the window does not show it. */
export async function readAddress(input: AddressInput): Promise<AddressRead | null> {
  if (input.frames.length < 5) return null;
  const fused = await fusedPoses(input);
  const found = addressInWindow(trackPoints(fused, input.fps, input.width, input.height, input.camera), input.timeScale);
  if (!found) return null;
  const trunk = fused.flatMap((f) => (f.pose ? [{ frame: f.index, yaw: shoulderYaw(f.pose) }] : []));
  return { address: { frame: found.frame, timeSec: found.timeSec }, setUpFrame: trunkSetUp(trunk, found.frame) };
}

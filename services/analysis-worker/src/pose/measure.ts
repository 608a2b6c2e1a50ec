/*
 * The measure pass: the measure model on the frames the figures need, at the measure size (or on a crop
 * around a small golfer), each frame read as it is and mirrored (flip.ts). The frames are the golfer
 * still at address, the backswing from there to the top, and the top itself, tracked in one run so the
 * model follows the body through the backswing instead of meeting it cold at the top; down the line,
 * impact too (posture).
 */
import type { SwingEvents } from './events.js';
import { READING_VIEWS, fuseReadings, poseBack, showFrames, shrinkFrame } from './flip.js';
import type { Pose } from './landmarks.js';
import type { SwingFrame } from './metrics.js';
import { runChunk } from './passes.js';
import type { PosePool } from './runtime/pool.js';
import type { RawFrame } from './runtime/protocol.js';
import type { ModelVariant } from './runtime/landmarker.js';

/** Backswing frames read between address and the top (besides them): enough for a curve, few enough to be quick. */
export const BACKSWING_FRAMES = 10;
/** The address reference frames, in steps before the address frame (see measurePlan). */
const ADDRESS_STEPS_BACK = [2, 1] as const;
/** Face-on, the steps past the hands' top whose frames are read as the top (see measurePlan). */
const FACE_ON_STEPS_PAST_TOP = [1, 2];
/** Frames tracked before the first measured one, only to lock the tracker onto the golfer. */
const WARM_UP_FRAMES = 2;

export interface MeasurePlan {
  address: number[];
  backswing: number[];
  top: number[];
  /** The top of the swing itself (the middle of `top`). */
  topFrame: number;
  /** Down the line only (posture at impact). */
  impact: number[];
  warmUp: number[];
  impactWarmUp: number[];
}

/** The events a plan needs, and the trunk's set-up (setup.ts: where it was turned least before the address), where read. */
export type PlannedSwing = Pick<SwingEvents, 'address' | 'top' | 'impact' | 'timeScale'> & { setUpFrame?: number };

const clampTo = (last: number) => (i: number) => Math.min(last, Math.max(0, i));

/**
 * Which frames to measure. `stride` is one analysed frame; slow motion spreads the same moments over
 * more frames, so the steps around address and the top grow with the time scale.
 */
export function measurePlan(events: PlannedSwing, stride: number, lastFrame: number, downTheLine: boolean): MeasurePlan {
  const clamp = clampTo(lastFrame);
  const step = stride * Math.max(1, Math.round(events.timeScale));
  const address = events.address.frame;
  // Down the line the trunk starts turning before the hands visibly leave (setup.ts): the reference is
  // read before the set-up, not before the address. Face-on the hands show the takeaway from its start.
  const still = downTheLine && events.setUpFrame !== undefined ? Math.min(address, events.setUpFrame) : address;
  const top = events.top.frame;
  // Face-on, the top is read to two steps past the hands' top: there the lead shoulder still turns or
  // holds (Adam Scott 71, 74, 74; Morikawa 76, 79, 79), so a copy whose top was dated a frame earlier
  // reads the same figure (his re-encoded and 75% copies went from 6° to under 1° from the original).
  // Down the line the arms and club coming down across the chest hide the shoulders from behind there,
  // and the 3D readings collapse (85 to 46 on Morikawa, the mirror's 70 to 30 on Scott): one step past.
  const past = downTheLine ? [1] : FACE_ON_STEPS_PAST_TOP;
  const topFrames = [...new Set([top - step, top, ...past.map((k) => top + k * step)].map(clamp))];
  // The body at rest, before the takeaway: the address search dates the takeaway by the hands leaving
  // their rest by a few jitters of the landmarks, so the address frame can already be a frame or two
  // into the takeaway (more for a small golfer, whose jitter is larger), where the hips and shoulders
  // have begun to turn, and every degree turned there would be lost from the figures. The golfer stood
  // still for a while before it, so the reference is read a step and two steps earlier. Down the line
  // the hands show the takeaway later still (setup.ts), so there it is read before the trunk's set-up.
  // Not a fixed count of steps further back in both views (measured, stop 24): read 4 to 1 steps back,
  // most figures rose 1-2° but tour pro A's two views moved from 7.5° to 11.1° apart and a hand-held
  // golfer's hips moved 4°; the set-up is where each clip's own trunk readings show it still.
  const addressFrames = [...new Set(ADDRESS_STEPS_BACK.map((back) => clamp(still - back * step)))];
  const first = topFrames[0]!;
  const span = first - address;
  const count = Math.max(0, Math.min(BACKSWING_FRAMES, Math.floor(span / stride) - 1));
  const backswing = [...new Set(Array.from({ length: count }, (_, i) => clamp(address + Math.round(((i + 1) * span) / (count + 1) / stride) * stride)))]
    .filter((i) => i > address && i < first);
  const warmUp = Array.from({ length: WARM_UP_FRAMES }, (_, i) => addressFrames[0]! - (WARM_UP_FRAMES - i) * step).filter((i) => i >= 0);
  const impact = downTheLine ? [...new Set([events.impact.frame, events.impact.frame + stride].map(clamp))] : [];
  const impactWarmUp = downTheLine ? [events.impact.frame - 2 * stride, events.impact.frame - stride].filter((i) => i >= 0) : [];
  return { address: addressFrames, backswing, top: topFrames, topFrame: clamp(top), impact, warmUp, impactWarmUp };
}

export const planFrames = (plan: MeasurePlan): number[] =>
  [...new Set([...plan.warmUp, ...plan.address, ...plan.backswing, ...plan.top, ...plan.impactWarmUp, ...plan.impact])].sort((a, b) => a - b);

export interface MeasureInput {
  pool: PosePool;
  variant: ModelVariant;
  plan: MeasurePlan;
  /** Every planned frame, already at the size (or crop) to measure. */
  frames: Map<number, RawFrame>;
  /** Puts a pose found on a measured frame back into the measure frame's coordinates (for crops). */
  toFrame: (pose: Pose) => Pose;
  width: number;
  height: number;
  fps: number;
  signal?: AbortSignal;
  /** Pool slots for the readings' runs (READING_VIEWS' `slot`): a picture's and its mirror's side by side. */
  workers: [number, number];
}

export interface Measured {
  address: Pose[];
  backswing: SwingFrame[];
  impact: Pose[];
  /** The fused pose of every measured frame (for key frames and technical details). */
  fused: Map<number, Pose>;
  /** Each frame's two readings, labelled like the golfer at address. */
  readings: Map<number, Pose[]>;
}

/** Runs the model over `indices` (after `warmUp`) each of the READING_VIEWS ways; one map of poses per way. */
async function readEveryWay(input: MeasureInput, indices: number[], warmUp: number[]): Promise<Map<number, Pose>[]> {
  const at = (list: number[]) => list.flatMap((i) => input.frames.get(i) ?? []);
  // Each size's frames made once, for the two views (as it is and mirrored) that read them.
  const sized = (list: number[]) => {
    const frames = at(list);
    const bySize = new Map<number, RawFrame[]>([[1, frames]]);
    for (const view of READING_VIEWS) if (!bySize.has(view.scale)) bySize.set(view.scale, frames.map((f) => shrinkFrame(f, view.scale)));
    return bySize;
  };
  const [frames, lead] = [sized(indices), sized(warmUp)];
  const options = { variant: input.variant, numPoses: 1, video: true, signal: input.signal } as const;
  const shown = READING_VIEWS.map((view) => ({ frames: showFrames(view, frames.get(view.scale)!), warmUp: showFrames(view, lead.get(view.scale)!) }));
  const runs = await Promise.all(READING_VIEWS.map((view, r) => runChunk(input.pool, shown[r]!.frames, { ...options, warmUp: shown[r]!.warmUp, worker: input.workers[view.slot] })));
  return runs.map((run, r) => new Map(run.flatMap((f) => (f.pose ? [[f.index, input.toFrame(poseBack(READING_VIEWS[r]!, f.pose))] as const] : []))));
}

export async function measureSwing(input: MeasureInput): Promise<Measured> {
  const { plan } = input;
  const swing = [...plan.address, ...plan.backswing, ...plan.top];
  const [runs, impactRuns] = await Promise.all([
    readEveryWay(input, swing, plan.warmUp),
    plan.impact.length ? readEveryWay(input, plan.impact, plan.impactWarmUp) : Promise.resolve([] as Map<number, Pose>[]),
  ]);
  impactRuns.forEach((run, r) => {
    for (const [i, p] of run) runs[r]!.set(i, p);
  });
  // Every reading of each frame labelled like the golfer at address, then averaged (flip.ts).
  const stance = plan.address.map((i) => runs.map((run) => run.get(i)).find((p) => p !== undefined)).find((p) => p !== undefined);
  const fused = new Map<number, Pose>();
  const readings = new Map<number, Pose[]>();
  for (const i of [...swing, ...plan.impact]) {
    const reading = fuseReadings(runs.map((run) => run.get(i)), stance, input.width, input.height);
    if (!reading) continue;
    fused.set(i, reading.pose);
    readings.set(i, reading.kept);
  }
  const topSet = new Set(plan.top);
  const timeOf = (i: number) => i / input.fps;
  return {
    address: plan.address.flatMap((i) => fused.get(i) ?? []),
    backswing: [...plan.backswing, ...plan.top].flatMap((i) => {
      const pose = fused.get(i);
      return pose ? [{ timeSec: timeOf(i), pose, readings: readings.get(i) ?? [pose], atTop: topSet.has(i), afterTop: i > plan.topFrame }] : [];
    }),
    impact: plan.impact.flatMap((i) => fused.get(i) ?? []),
    fused,
    readings,
  };
}

import type { PoseTrack } from '@swingfit/contracts';

/** The pose frame shown at a playback time (frames are sampled at track.fps from time 0). */
export function frameIndexAt(timeSec: number, fps: number, frameCount: number): number {
  if (frameCount <= 0 || !(fps > 0) || !Number.isFinite(timeSec)) return 0;
  return Math.min(frameCount - 1, Math.max(0, Math.round(timeSec * fps)));
}

/**
 * Where one frame step from `timeSec` lands: a quarter frame into the next (or previous) frame, so the
 * browser shows that frame and frameIndexAt names it, whatever rounding the seek went through.
 */
export function frameStepTime(timeSec: number, fps: number, direction: 1 | -1, durationSec = Number.POSITIVE_INFINITY): number {
  if (!(fps > 0) || !Number.isFinite(timeSec)) return 0;
  const shown = Math.floor(timeSec * fps + 1e-4);
  const lastFrame = Number.isFinite(durationSec) && durationSec > 0 ? Math.max(0, Math.ceil(durationSec * fps) - 1) : Number.POSITIVE_INFINITY;
  const target = Math.min(lastFrame, Math.max(0, shown + direction));
  return (target + 0.25) / fps;
}

/** Slow-motion speeds the review button cycles through. */
export const REVIEW_RATES = [1, 0.5, 0.25] as const;

/** Where a video with object-fit: contain actually draws inside its box, so the skeleton lines up. */
export function containedRect(boxW: number, boxH: number, mediaW: number, mediaH: number): { x: number; y: number; w: number; h: number } {
  if (!(mediaW > 0 && mediaH > 0 && boxW > 0 && boxH > 0)) return { x: 0, y: 0, w: boxW, h: boxH };
  const scale = Math.min(boxW / mediaW, boxH / mediaH);
  const w = mediaW * scale;
  const h = mediaH * scale;
  return { x: (boxW - w) / 2, y: (boxH - h) / 2, w, h };
}

export const MIN_VISIBILITY = 0.5;

/** Draws one frame's skeleton; points the model barely saw are left out rather than guessed. */
export function drawSkeleton(
  ctx: CanvasRenderingContext2D,
  track: Pick<PoseTrack, 'connections'>,
  points: ReadonlyArray<ReadonlyArray<number>> | null | undefined,
  rect: { x: number; y: number; w: number; h: number },
): void {
  if (!points) return;
  const at = (i: number) => {
    const p = points[i];
    if (!p || (p[2] ?? 1) < MIN_VISIBILITY) return null;
    return { x: rect.x + p[0]! * rect.w, y: rect.y + p[1]! * rect.h };
  };
  ctx.lineWidth = Math.max(2.5, rect.w / 120);
  ctx.lineCap = 'round';
  ctx.strokeStyle = 'rgba(34, 150, 95, 0.95)';
  for (const [a, b] of track.connections) {
    const pa = at(a);
    const pb = at(b);
    if (!pa || !pb) continue;
    ctx.beginPath();
    ctx.moveTo(pa.x, pa.y);
    ctx.lineTo(pb.x, pb.y);
    ctx.stroke();
  }
  ctx.fillStyle = '#ffffff';
  for (let i = 0; i < points.length; i++) {
    const p = at(i);
    if (!p) continue;
    ctx.beginPath();
    ctx.arc(p.x, p.y, ctx.lineWidth * 1.2, 0, Math.PI * 2);
    ctx.fill();
  }
}

/*
 * The net check (net.ts) on synthetic films whose truth is known: a textured body turning and moving
 * in front of a textured background, ten frames through a "swing", with a lattice laid in one place or
 * another. Only strands between the lens and the body are a net; the same lattice behind the body (a
 * fence), or on the body itself (a checked shirt), is not.
 */
import { describe, expect, it, vi } from 'vitest';
import { NET, isNet, netInPicture } from '../src/pose/net.js';
import type { RawFrame } from '../src/pose/runtime/protocol.js';
import { WITHHELD_TEXT, notMeasurable, withheldBody, type Metrics } from '../src/pose/metrics.js';
import type { Metric } from '@swingfit/contracts';

const [W, H] = [320, 240];

/** Smooth random texture: a few sine waves of random direction, spacing and phase (deterministic). */
function texture(seed: number, waves = 12): (x: number, y: number) => number {
  let s = seed;
  const random = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const parts = Array.from({ length: waves }, () => ({ angle: random() * Math.PI, period: 8 + random() * 60, phase: random() * 6.28, weight: 0.5 + random() }));
  return (x, y) => parts.reduce((sum, p) => sum + p.weight * Math.sin(((x * Math.cos(p.angle) + y * Math.sin(p.angle)) / p.period) * 6.28 + p.phase), 0);
}

/** 1 where a strand crosses (lines every `spacing` pixels, `width` wide, at `angle` and square to it). */
function lattice(spacing: number, width: number, angle = 0): (x: number, y: number) => number {
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  const on = (v: number) => ((v % spacing) + spacing) % spacing < width;
  return (x, y) => (on(x * c + y * s) || on(-x * s + y * c) ? 1 : 0);
}

interface Scene {
  net?: (x: number, y: number) => number;
  fence?: (x: number, y: number) => number;
  shirt?: (x: number, y: number) => number;
}

/** Where the body is in frame k: turned about its centre and drifted sideways. */
const bodyAt = (k: number) => ({ turn: Math.sin((k / 9) * Math.PI) * 1.4, cx: W / 2 + k * 3, cy: H / 2 });

/** Whether pixel (x, y) shows the body in frame k: the oval, turned and drifted. */
function onBodyAt(k: number, x: number, y: number): boolean {
  const { turn, cx, cy } = bodyAt(k);
  const [dx, dy] = [x - cx, y - cy];
  const [bx, by] = [dx * Math.cos(turn) + dy * Math.sin(turn), -dx * Math.sin(turn) + dy * Math.cos(turn)];
  return (bx / 60) ** 2 + (by / 100) ** 2 < 1;
}

/** The person masks a pose model would give: the body's own pixels, frame by frame. */
const masks = async () => Array.from({ length: 10 }, (_, k) => Float32Array.from({ length: W * H }, (_, i) => (onBodyAt(k, i % W, Math.floor(i / W)) ? 1 : 0)));
const noMasks = async () => Array.from({ length: 10 }, () => null);

/** Ten frames of an oval body swinging about its centre and drifting sideways, over a still background. */
function film(scene: Scene): RawFrame[] {
  const background = texture(7);
  const body = texture(11);
  return Array.from({ length: 10 }, (_, k) => {
    const { turn, cx, cy } = bodyAt(k);
    const data = new Uint8Array(W * H * 4);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        // The body's own coordinates: turned with it, so its pattern moves and turns as it does.
        const [dx, dy] = [x - cx, y - cy];
        const [bx, by] = [dx * Math.cos(turn) + dy * Math.sin(turn), -dx * Math.sin(turn) + dy * Math.cos(turn)];
        const onBody = onBodyAt(k, x, y);
        let v = onBody ? 150 + 12 * body(bx, by) - (scene.shirt?.(bx + 200, by + 200) ?? 0) * 70 : 90 + 10 * background(x, y) - (scene.fence?.(x, y) ?? 0) * 60;
        if (scene.net) v *= 1 - 0.55 * scene.net(x, y);
        const g = Math.max(0, Math.min(255, Math.round(v)));
        data.set([g, g, g, 255], (y * W + x) * 4);
      }
    }
    return { index: k, timeMs: k * 100, width: W, height: H, data };
  });
}

describe('a hitting net between the lens and the golfer (net.ts)', () => {
  it.each([
    ['square mesh, strands a pixel wide every 11', lattice(11, 1)],
    ['square mesh, strands every 7.5 pixels (between whole pixels)', lattice(7.5, 1.2)],
    ['diamond mesh, turned 45°', lattice(12, 1.5, Math.PI / 4)],
  ])('is found: %s', async (_, net) => {
    const reading = await netInPicture(film({ net }), masks);
    expect(reading.strength).toBeGreaterThanOrEqual(NET.minPeak);
    expect(isNet(reading)).toBe(true);
  });

  it.each([
    ['no net at all', {}],
    ['a fence behind the golfer, the same mesh', { fence: lattice(11, 1) }],
    ['a checked shirt on the golfer', { shirt: lattice(11, 2) }],
  ] as [string, Scene][])('is not found: %s', async (_, scene) => {
    const reading = await netInPicture(film(scene), masks);
    expect(isNet(reading)).toBe(false);
  });

  it('reads nothing from a still picture or a single frame, and asks for no masks', async () => {
    const still = film({ net: lattice(11, 1) }).map((f, i, all) => ({ ...all[0]!, index: i }));
    const asked = vi.fn(masks);
    expect(await netInPicture(still, asked)).toMatchObject({ strength: 0, changed: 0 });
    expect((await netInPicture(film({}).slice(0, 1), asked)).strength).toBe(0);
    // Nor for a clean film: the masks are a pose model's run of its own, asked for only where a lattice shows.
    expect((await netInPicture(film({}), asked)).strength).toBeLessThan(NET.minPeak);
    expect(asked).not.toHaveBeenCalled();
  });

  it('needs the person masks to tell: without them no net is named', async () => {
    const reading = await netInPicture(film({ net: lattice(11, 1) }), noMasks);
    expect(reading.strength).toBeGreaterThanOrEqual(NET.minPeak);
    expect(reading.onBody).toBe(0);
    expect(isNet(reading)).toBe(false);
  });
});

// The same withholding serves a body shown as a dark outline (exposure.ts), with its own reason.
describe('the body figures of a swing whose body the video hides (metrics.ts withheldBody)', () => {
  const shown = (value: number, view: Metric['view']): Metric => ({ value, unit: 'deg', measurable: true, confidence: 0.9, view, note: 'Read from behind.' });
  const metrics: Metrics = {
    shoulderTurn: shown(92, 'any'), hipRotation: shown(44, 'any'), xFactor: shown(48, 'any'),
    spineAngleAddress: shown(34, 'down-the-line'), spineAngleChange: notMeasurable('deg', 'down-the-line', WITHHELD_TEXT.scattered, 'uncertain', 0.3),
    headSway: notMeasurable('headWidths', 'face-on', WITHHELD_TEXT.swayFromBehind), hipSway: notMeasurable('headWidths', 'face-on', WITHHELD_TEXT.swayFromBehind),
  };

  it.each(['throughNet', 'againstTheLight'] as const)('withholds every figure read from the body with the reason (%s), and keeps what the view could not show', (reason) => {
    const out = withheldBody(metrics, WITHHELD_TEXT[reason]);
    for (const key of ['shoulderTurn', 'hipRotation', 'xFactor', 'spineAngleAddress', 'spineAngleChange'] as const) {
      expect(out[key]).toMatchObject({ value: null, measurable: false, withheld: 'uncertain', note: WITHHELD_TEXT[reason], view: metrics[key].view, unit: 'deg' });
    }
    // Sway from behind was never this view's to give: its reason (which video would) stands.
    expect(out.headSway).toEqual(metrics.headSway);
    expect(out.hipSway).toEqual(metrics.hipSway);
  });
});

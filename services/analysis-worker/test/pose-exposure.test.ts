/*
 * The light on the body (exposure.ts) on synthetic frames whose truth is known: a body with shaded
 * clothes before a bright sky, the same body as a dark outline (filmed against the light), a dim body
 * that keeps its shading (dusk). The withholding that follows an outline is pose-net.test.ts's withheldBody.
 */
import { describe, expect, it } from 'vitest';
import { EXPOSURE, bodyLight, bodyLuma } from '../src/pose/exposure.js';
import { cropPose, uncropPose } from '../src/pose/crop.js';
import { LANDMARK_COUNT, LM, type Pose } from '../src/pose/landmarks.js';
import type { RawFrame } from '../src/pose/runtime/protocol.js';

const [W, H] = [200, 300];

/** A standing golfer's joints (normalised): shoulders at 0.3 of the height, hips at 0.55, knees at 0.75. */
function standing(dx = 0): Pose {
  const image = new Float32Array(LANDMARK_COUNT * 4);
  const put = (i: number, x: number, y: number) => image.set([x + dx, y, 0, 1], i * 4);
  put(LM.leftShoulder, 0.6, 0.3); put(LM.rightShoulder, 0.4, 0.3);
  put(LM.leftHip, 0.57, 0.55); put(LM.rightHip, 0.43, 0.55);
  put(LM.leftKnee, 0.58, 0.75); put(LM.rightKnee, 0.42, 0.75);
  return { image, world: new Float32Array(LANDMARK_COUNT * 4) };
}

/** A frame: sky of luma `sky` everywhere but the body (a box from the shoulders to the knees), whose clothes shade from `dark` to `light`. */
function frame(sky: number, dark: number, light: number): RawFrame {
  const data = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const onBody = x >= 0.38 * W && x <= 0.62 * W && y >= 0.28 * H && y <= 0.77 * H;
      // Folds across the clothes: light and shade every 9 pixels.
      const v = onBody ? dark + ((light - dark) * (1 + Math.sin((x + y) / 1.5))) / 2 : sky;
      data.set([v, v, v, 255], (y * W + x) * 4);
    }
  }
  return { index: 0, timeMs: 0, width: W, height: H, data };
}

describe('the light on the body', () => {
  it('reads only the body\'s own pixels, whatever the sky behind it', () => {
    const values = bodyLuma(frame(250, 20, 120), standing());
    expect(values.length).toBeGreaterThan(EXPOSURE.minPixels);
    expect(Math.max(...values)).toBeLessThanOrEqual(121);
  });

  it('takes a body in dark, shaded clothes before a bright sky for a lit body, not an outline', () => {
    const light = bodyLight([frame(240, 15, 90)], standing());
    expect(light.outline).toBe(false);
    expect(light.bright).toBeGreaterThan(EXPOSURE.outlineBelow);
  });

  it('takes a body crushed into the darkest codes before a bright sky for an outline (filmed against the light)', () => {
    expect(bodyLight([frame(240, 0, 6), frame(240, 0, 6)], standing())).toEqual({ bright: expect.any(Number), outline: true });
  });

  it('measures a dim body that keeps its shading (dusk)', () => {
    expect(bodyLight([frame(60, 8, 40)], standing()).outline).toBe(false);
  });

  it('reads nothing where the pose is missing or off the picture', () => {
    expect(bodyLight([frame(240, 0, 6)], null)).toEqual({ bright: null, outline: false });
    expect(bodyLight([frame(240, 0, 6)], standing(5))).toEqual({ bright: null, outline: false });
  });

  it('reads a crop with the pose put into the crop\'s coordinates (cropPose undoes uncropPose)', () => {
    const box = { x: 40, y: 30, width: 120, height: 240 };
    const pose = standing();
    const back = uncropPose(cropPose(pose, box, W, H), box, W, H);
    for (let i = 0; i < LANDMARK_COUNT * 4; i += 4) {
      expect(back.image[i]).toBeCloseTo(pose.image[i]!, 5);
      expect(back.image[i + 1]).toBeCloseTo(pose.image[i + 1]!, 5);
    }
    // And into the crop: the left shoulder at (0.6 W, 0.3 H) is (120 - 40, 90 - 30) of the 120 x 240 crop.
    const inCrop = cropPose(pose, box, W, H);
    expect(inCrop.image[LM.leftShoulder * 4]).toBeCloseTo(80 / 120, 5);
    expect(inCrop.image[LM.leftShoulder * 4 + 1]).toBeCloseTo(60 / 240, 5);
  });
});

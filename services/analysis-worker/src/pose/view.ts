/*
 * Camera view and handedness from landmarks.
 * Face-on: the camera faces the chest, so the shoulder line is wide in the image (relative to the torso).
 * Down the line: the camera looks along the target line, shoulders nearly overlap in the image.
 * Handedness: face-on, the hands travel to the golfer's trail side of the hips at the top (image left for
 * a right-hander); down the line, the hands hang in front of the body, on the side the golfer faces
 * (image right for a right-hander, with the camera behind the hands).
 */
import type { CameraView } from '@swingfit/contracts';
import { dist2, handsPx, hipCentrePx, median, torsoLengthPx, wrapDeg, shoulderYaw } from './geometry.js';
import { LM, imagePoint, type Pose } from './landmarks.js';

export const FACE_ON_MIN_SHOULDER_RATIO = 0.45;

export function shoulderWidthRatio(pose: Pose, width: number, height: number): number {
  const w = dist2(imagePoint(pose, LM.leftShoulder, width, height), imagePoint(pose, LM.rightShoulder, width, height));
  const torso = torsoLengthPx(pose, width, height);
  return torso > 0 ? w / torso : 0;
}

export function detectView(addressPoses: Pose[], width: number, height: number): { view: CameraView; shoulderRatio: number; yaw3d: number } {
  const ratio = median(addressPoses.map((p) => shoulderWidthRatio(p, width, height)));
  // 3D: how far the shoulder line is turned away from the image plane (0 = face-on, 90 = down the line).
  const yaw3d = median(addressPoses.map((p) => {
    const y = Math.abs(wrapDeg(shoulderYaw(p)));
    return Math.min(y, 180 - y);
  }));
  let view: CameraView = ratio >= FACE_ON_MIN_SHOULDER_RATIO ? 'face-on' : 'down-the-line';
  // Near the threshold the 2D ratio is ambiguous (a golfer set up slightly open); let 3D decide.
  if (Math.abs(ratio - FACE_ON_MIN_SHOULDER_RATIO) < 0.1 && Number.isFinite(yaw3d)) view = yaw3d < 45 ? 'face-on' : 'down-the-line';
  return { view, shoulderRatio: ratio, yaw3d };
}

export function detectHandedness(view: CameraView, address: Pose, top: Pose, width: number, height: number): 'right' | 'left' {
  if (view === 'face-on') {
    // Against the hips, not the picture: a hand-held camera moves more between address and the top than
    // a far golfer's hands do, and the hips stay over the feet while the hands go back.
    const fromHips = (p: Pose) => handsPx(p, width, height)[0] - hipCentrePx(p, width, height)[0];
    return fromHips(top) - fromHips(address) <= 0 ? 'right' : 'left';
  }
  const dx = handsPx(address, width, height)[0] - hipCentrePx(address, width, height)[0];
  return dx >= 0 ? 'right' : 'left';
}

/* BlazePose landmark indices (33 points) and the skeleton drawn on key frames and in the overlay. */

export const LM = {
  nose: 0,
  leftEar: 7,
  rightEar: 8,
  mouthRight: 10,
  leftShoulder: 11,
  rightShoulder: 12,
  leftElbow: 13,
  rightElbow: 14,
  leftWrist: 15,
  rightWrist: 16,
  leftIndex: 19,
  rightIndex: 20,
  leftHip: 23,
  rightHip: 24,
  leftKnee: 25,
  rightKnee: 26,
  leftAnkle: 27,
  rightAnkle: 28,
  leftHeel: 29,
  rightHeel: 30,
  leftFootIndex: 31,
  rightFootIndex: 32,
} as const;

export const LANDMARK_COUNT = 33;

/** BlazePose's left/right landmark pairs. */
export const MIRROR_PAIRS: [number, number][] = [
  [1, 4], [2, 5], [3, 6], [7, 8], [9, 10], [11, 12], [13, 14], [15, 16], [17, 18], [19, 20], [21, 22],
  [23, 24], [25, 26], [27, 28], [29, 30], [31, 32],
];

export const POSE_CONNECTIONS: [number, number][] = [
  [0, 1], [1, 2], [2, 3], [3, 7], [0, 4], [4, 5], [5, 6], [6, 8], [9, 10],
  [11, 12], [11, 13], [13, 15], [15, 17], [15, 19], [15, 21], [17, 19],
  [12, 14], [14, 16], [16, 18], [16, 20], [16, 22], [18, 20],
  [11, 23], [12, 24], [23, 24], [23, 25], [24, 26], [25, 27], [26, 28],
  [27, 29], [28, 30], [29, 31], [30, 32], [27, 31], [28, 32],
];

/** One frame's landmarks of the golfer: 33 × [x, y, z, visibility]. */
export interface Pose {
  /** Normalised image coordinates (0..1 of the analysed frame). */
  image: Float32Array;
  /** Metres, origin between the hips, axes of the camera (x right, y down, z away from the camera). */
  world: Float32Array;
}

export type Vec3 = [number, number, number];
export type Vec2 = [number, number];

export const worldPoint = (pose: Pose, i: number): Vec3 => [pose.world[i * 4]!, pose.world[i * 4 + 1]!, pose.world[i * 4 + 2]!];
/** Image point in pixels of a frame of the given size (so angles are not skewed by the aspect ratio). */
export const imagePoint = (pose: Pose, i: number, width: number, height: number): Vec2 => [pose.image[i * 4]! * width, pose.image[i * 4 + 1]! * height];
export const visibility = (pose: Pose, i: number): number => pose.image[i * 4 + 3]!;
export const meanVisibility = (pose: Pose, indices: readonly number[]): number =>
  indices.reduce((s, i) => s + visibility(pose, i), 0) / indices.length;

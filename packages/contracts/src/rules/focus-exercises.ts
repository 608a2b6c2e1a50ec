import type { FocusCategory } from './focus-areas.js';

/**
 * The exercises an analysis names for each workout focus area ('Your Workout Focus' on its page), by
 * their names in the exercise library. The daily workout draws that day's exercises from the whole
 * category, so these are the library's most direct answers to what the analysis measured, named so a
 * golfer can find each one there: the gateway's seeded catalog holds every one of them under the same
 * category, free (its test checks both), so every golfer can open and do what their analysis names.
 */
export const FOCUS_EXERCISES: Readonly<Record<FocusCategory, readonly string[]>> = {
  // Holding posture while the body turns: anti-rotation first, then rotation under control.
  'Core Control & Rotational Strength': ['Band Pallof Press', 'Dead Bug', 'Seated Club Rotation'],
  // The upper back's rotation, in golf posture last.
  'Thoracic Spine Mobility': ['Open Book', 'Quadruped Thoracic Rotation', 'Golf Posture Club Turn'],
  // The hips' side-to-side control (a slide) before strength.
  'Lower Body Stability & Strength': ['Lateral Band Walk', 'Glute Bridge', 'Split Squat'],
  // Internal and external rotation of both hips: the range a full hip turn needs.
  'Pelvic Mobility & Control': ['90/90 Hip Switch', 'Standing Hip Circles', 'Golf Posture Pelvic Tilt'],
  'Shoulder Mobility & Stability': ['Wall Slide', 'Band External Rotation', 'Sleeper Stretch'],
  // The hip hinge that keeps the spine's angle from address to impact.
  'Postural Integrity': ['Club Hip Hinge', 'Wall Posture Reset', 'Prone Cobra'],
  'Ankle Mobility & Foot Function': ['Knee-to-Wall Ankle Mobilisation', 'Single-Leg Balance', 'Short Foot'],
};

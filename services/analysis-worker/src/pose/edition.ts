/*
 * The edition of the measurement: stored with every analysis it measures (swing_analyses
 * measurement_edition), so the worker can tell which analyses an older measurement read and measure them
 * again by itself (jobs/remeasure-older.ts). A golfer's monthly averages and progress compare their
 * analyses with each other: figures read by two measurements would show a change of method as a change
 * of swing.
 *
 * Raise it with any change under src/pose (or to the pose stage's settings) that can move a figure, an
 * event, a key frame or whether a video is read at all: `pnpm bench:accuracy` before and after tells. Not
 * for a change that moves none of them (a faster path to the same numbers, a comment): every raise costs
 * one analysis' worth of work per stored analysis, done behind golfers' own uploads.
 *
 * 1 (stop 55): editions start; every analysis measured before is older than it.
 */
export const MEASUREMENT_EDITION = 1;

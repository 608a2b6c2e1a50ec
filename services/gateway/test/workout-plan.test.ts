import { describe, expect, it } from 'vitest';
import { FOCUS_CATEGORIES } from '@swingfit/contracts';
import { planWorkout, quotaFor, stableHash, type PlanningExercise } from '../src/domain/workout-plan.js';

/** Six free and five Premium exercises per category, ids 1..77 like the seed's shape. */
const catalog: PlanningExercise[] = FOCUS_CATEGORIES.flatMap((category, c) =>
  Array.from({ length: 11 }, (_, i) => ({ id: c * 11 + i + 1, category, isPremium: i >= 6 })),
);
const focus = ['Thoracic Spine Mobility', 'Pelvic Mobility & Control', 'Core Control & Rotational Strength', 'Postural Integrity'];
const byId = new Map(catalog.map((e) => [e.id, e]));

describe('planWorkout', () => {
  it('gives 2, 2, 1 and 1 exercises to the four focus areas, each from its own category', () => {
    const plan = planWorkout({ focusAreas: focus, catalog, premium: true, seed: '1:2026-03-02', avoid: new Set() });
    expect(plan.map((p) => p.focusArea)).toEqual([focus[0], focus[0], focus[1], focus[1], focus[2], focus[3]]);
    for (const p of plan) expect(byId.get(p.exerciseId)!.category).toBe(p.focusArea);
    expect(new Set(plan.map((p) => p.exerciseId)).size).toBe(6);
    expect([0, 1, 2, 3, 4].map(quotaFor)).toEqual([2, 2, 1, 1, 1]);
  });

  it('holds only free exercises for a free golfer', () => {
    for (let day = 1; day <= 20; day++) {
      const plan = planWorkout({ focusAreas: focus, catalog, premium: false, seed: `9:2026-03-${String(day).padStart(2, '0')}`, avoid: new Set() });
      expect(plan).toHaveLength(6);
      expect(plan.every((p) => !byId.get(p.exerciseId)!.isPremium)).toBe(true);
    }
  });

  it('is the same for the same golfer and day, and differs across days and golfers', () => {
    const input = { focusAreas: focus, catalog, premium: true, avoid: new Set<number>() };
    const a = planWorkout({ ...input, seed: '5:2026-03-02' });
    expect(planWorkout({ ...input, seed: '5:2026-03-02' })).toEqual(a);
    const others = ['5:2026-03-03', '5:2026-03-04', '6:2026-03-02'].map((seed) => planWorkout({ ...input, seed }));
    expect(others.some((o) => JSON.stringify(o) !== JSON.stringify(a))).toBe(true);
  });

  it('keeps yesterday’s exercises out when the category has others, for free and Premium golfers', () => {
    for (const premium of [false, true]) {
      const yesterday = planWorkout({ focusAreas: focus, catalog, premium, seed: '3:2026-03-02', avoid: new Set() });
      const today = planWorkout({ focusAreas: focus, catalog, premium, seed: '3:2026-03-03', avoid: new Set(yesterday.map((p) => p.exerciseId)) });
      expect(today.filter((p) => yesterday.some((y) => y.exerciseId === p.exerciseId))).toEqual([]);
    }
  });

  it('reuses avoided exercises only when nothing else is left', () => {
    const tiny = catalog.filter((e) => e.category === focus[0]).slice(0, 2);
    const plan = planWorkout({ focusAreas: [focus[0]!], catalog: tiny, premium: true, seed: 'x', avoid: new Set([tiny[0]!.id]) });
    expect(plan.map((p) => p.exerciseId).sort()).toEqual(tiny.map((e) => e.id).sort());
  });

  it('keeps exercises completed today on a rebuild, in their area or appended', () => {
    const done = [catalog.find((e) => e.category === focus[0])!, catalog.find((e) => e.category === 'Ankle Mobility & Foot Function')!];
    const plan = planWorkout({ focusAreas: focus, catalog, premium: true, seed: '1:2026-03-02', avoid: new Set(), keep: done });
    expect(plan.filter((p) => p.focusArea === focus[0]).map((p) => p.exerciseId)).toContain(done[0]!.id);
    expect(plan.filter((p) => p.focusArea === focus[0])).toHaveLength(2);
    expect(plan.at(-1)).toEqual({ exerciseId: done[1]!.id, focusArea: 'Ankle Mobility & Foot Function' });
  });

  it('answers an empty plan when the catalog has nothing for the focus areas', () => {
    expect(planWorkout({ focusAreas: focus, catalog: [], premium: true, seed: 's', avoid: new Set() })).toEqual([]);
  });

  it('hashes stably (FNV-1a)', () => {
    expect(stableHash('')).toBe(0x811c9dc5);
    expect(stableHash('a')).toBe(0xe40c292c);
  });
});

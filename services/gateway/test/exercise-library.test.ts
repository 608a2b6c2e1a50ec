import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_EXERCISE_IMAGE, FOCUS_CATEGORIES, FOCUS_EXERCISES, PREMIUM_VIDEO_MESSAGE, VIDEO_NOT_IN_CATALOG, categoryIllustration, type ExerciseItem } from '@swingfit/contracts';
import { startGateway, type Harness } from './harness.js';
import { registerGolfer } from './auth-fixtures.js';
import { setPremium } from './workout-fixtures.js';
import { SEED_EXERCISES } from '../src/catalog/seed.js';
import { EXERCISE_POSITIONS, positionIllustration } from '../src/catalog/seed-types.js';
import { seedExerciseCatalog } from '../src/services/catalog-seed.js';

let h: Harness;
beforeAll(async () => {
  h = await startGateway();
});
afterAll(async () => {
  await h?.close();
});

const TEST_VIDEO = 'Zx9_test-01'; // an id made up for this test file only; never shipped in the seed

async function addVideo(overrides: Record<string, unknown> = {}) {
  const exercise = await h.deps.db.selectFrom('exercises').select('id').where('slug', '=', 'open-book').executeTakeFirstOrThrow();
  await h.deps.db
    .insertInto('exercise_videos')
    .values({ video_key: `t-${Math.random()}`, exercise_id: exercise.id, title: 'Open Book walkthrough', youtube_id: TEST_VIDEO, duration_seconds: 95, difficulty: 1, category: 'Thoracic Spine Mobility', focus_areas: JSON.stringify(['Thoracic Spine Mobility']), target_muscles: JSON.stringify(['Obliques']), instructor: 'Coach', ...overrides })
    .execute();
}

describe('the seeded catalog', () => {
  it('holds at least 70 exercises over all seven categories, enough for a varied workout on two days running for every plan', () => {
    expect(SEED_EXERCISES.length).toBeGreaterThanOrEqual(70);
    for (const category of FOCUS_CATEGORIES) {
      const inCategory = SEED_EXERCISES.filter((e) => e.category === category);
      // Two a day for a first focus area, and different ones tomorrow: 4 free at least; Premium adds more.
      expect(inCategory.filter((e) => !e.premium).length, category).toBeGreaterThanOrEqual(4);
      expect(inCategory.filter((e) => e.premium).length, category).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(SEED_EXERCISES.map((e) => e.slug)).size).toBe(SEED_EXERCISES.length);
    expect(new Set(SEED_EXERCISES.map((e) => e.name.toLowerCase())).size).toBe(SEED_EXERCISES.length);
    expect(new Set(SEED_EXERCISES.map((e) => e.library))).toEqual(new Set(['mobility', 'strength', 'balance']));
  });

  it('teaches each exercise in writing, with sensible figures and no invented links', () => {
    for (const e of SEED_EXERCISES) {
      expect(e.instructions.length, e.slug).toBeGreaterThanOrEqual(3);
      expect(e.cues.length, e.slug).toBeGreaterThanOrEqual(2);
      expect(e.description.length, e.slug).toBeGreaterThan(40);
      expect(e.durationSeconds, e.slug).toBeGreaterThanOrEqual(60);
      expect(e.durationSeconds, e.slug).toBeLessThanOrEqual(300);
      expect(e.sets, e.slug).toBeGreaterThanOrEqual(2);
      if (e.reps !== null) expect(e.reps, e.slug).toBeLessThanOrEqual(20);
      expect(JSON.stringify(e), e.slug).not.toMatch(/https?:|www\.|youtu/i);
    }
  });

  it('holds every exercise an analysis names for a focus area, in that area and free, so any golfer can find and do it', () => {
    for (const category of FOCUS_CATEGORIES) {
      expect(FOCUS_EXERCISES[category].length, category).toBeGreaterThanOrEqual(2);
      for (const name of FOCUS_EXERCISES[category]) {
        const found = SEED_EXERCISES.find((e) => e.name === name);
        expect(found, `${category}: ${name}`).toBeDefined();
        expect(found!.category, name).toBe(category);
        expect(found!.premium, name).toBe(false);
      }
    }
  });
});

describe('GET /api/exercises', () => {
  it('lists the library with Premium exercises locked for a free golfer and open for a Premium one', async () => {
    const golfer = await registerGolfer(h.app);
    const free = (await h.app.inject({ method: 'GET', url: '/api/exercises', headers: { cookie: golfer.cookie } })).json<ExerciseItem[]>();
    expect(free).toHaveLength(SEED_EXERCISES.length);
    const premiumItem = free.find((e) => e.isPremium)!;
    expect(premiumItem).toMatchObject({ locked: true, instructions: [], coachingCues: [], video: null });
    expect(free.find((e) => !e.isPremium)).toMatchObject({ locked: false });
    expect(free.find((e) => !e.isPremium)!.instructions.length).toBeGreaterThanOrEqual(3);
    // Asked for by its id, a Premium exercise is as locked as in the list.
    const locked = await h.app.inject({ method: 'GET', url: `/api/exercises/${premiumItem.id}`, headers: { cookie: golfer.cookie } });
    expect(locked.json()).toMatchObject({ id: premiumItem.id, locked: true, instructions: [], coachingCues: [], video: null });

    await setPremium(h, golfer.user.id);
    const premium = (await h.app.inject({ method: 'GET', url: '/api/exercises', headers: { cookie: golfer.cookie } })).json<ExerciseItem[]>();
    expect(premium.every((e) => !e.locked && e.instructions.length >= 3)).toBe(true);
    const one = await h.app.inject({ method: 'GET', url: `/api/exercises/${premiumItem.id}`, headers: { cookie: golfer.cookie } });
    expect(one.json()).toMatchObject({ id: premiumItem.id, locked: false });
    expect((await h.app.inject({ method: 'GET', url: '/api/exercises/999999', headers: { cookie: golfer.cookie } })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/api/exercises' })).statusCode).toBe(401);
  });

  it('shows an exercise’s catalog video once staff added one', async () => {
    await addVideo();
    const golfer = await registerGolfer(h.app);
    await setPremium(h, golfer.user.id);
    const list = (await h.app.inject({ method: 'GET', url: '/api/exercises', headers: { cookie: golfer.cookie } })).json<ExerciseItem[]>();
    expect(list.find((e) => e.slug === 'open-book')!.video).toEqual({
      youtubeId: TEST_VIDEO,
      title: 'Open Book walkthrough',
      durationSeconds: 95,
      watchUrl: `https://www.youtube.com/watch?v=${TEST_VIDEO}`,
      thumbnailUrl: `https://i.ytimg.com/vi/${TEST_VIDEO}/hqdefault.jpg`,
    });
  });
});

describe('GET /api/youtube/embed/{videoId}', () => {
  it('answers a catalog video’s player data on the privacy-enhanced host', async () => {
    const golfer = await registerGolfer(h.app);
    await setPremium(h, golfer.user.id);
    const res = await h.app.inject({ method: 'GET', url: `/api/youtube/embed/${TEST_VIDEO}`, headers: { cookie: golfer.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      videoId: TEST_VIDEO,
      title: 'Open Book walkthrough',
      embedUrl: `https://www.youtube-nocookie.com/embed/${TEST_VIDEO}`,
      watchUrl: `https://www.youtube.com/watch?v=${TEST_VIDEO}`,
      videoUrl: `https://www.youtube.com/watch?v=${TEST_VIDEO}`,
      thumbnailUrl: `https://i.ytimg.com/vi/${TEST_VIDEO}/hqdefault.jpg`,
      duration: 95,
      focusAreas: ['Thoracic Spine Mobility'],
      targetMuscles: ['Obliques'],
      isActive: true,
    });
  });

  it('refuses videos outside the catalog (403), inactive ones, malformed ids (400) and free golfers (requiresUpgrade)', async () => {
    const golfer = await registerGolfer(h.app);
    const embed = (id: string) => h.app.inject({ method: 'GET', url: `/api/youtube/embed/${id}`, headers: { cookie: golfer.cookie } });
    const free = await embed(TEST_VIDEO);
    expect(free.statusCode).toBe(403);
    expect(free.json()).toEqual({ message: PREMIUM_VIDEO_MESSAGE, requiresUpgrade: true });
    await setPremium(h, golfer.user.id);
    const unknown = await embed('aaaaaaaaaaa');
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().message).toBe(VIDEO_NOT_IN_CATALOG);
    await h.deps.db.insertInto('exercise_videos').values({ video_key: 'hidden', title: 'Hidden', youtube_id: 'hiddenVid01', category: 'Postural Integrity', is_active: false }).execute();
    expect((await embed('hiddenVid01')).statusCode).toBe(403);
    for (const bad of ['short', 'has%20space1', 'x'.repeat(12)]) expect((await embed(bad)).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'GET', url: `/api/youtube/embed/${TEST_VIDEO}` })).statusCode).toBe(401);
  });
});

describe('the exercise pictures', () => {
  const artDir = fileURLToPath(new URL('../../../apps/web/public/exercise-art/', import.meta.url));
  const artFiles = new Set(readdirSync(artDir));
  const position = (slug: string) => SEED_EXERCISES.find((e) => e.slug === slug)!.position;

  it('shows each exercise the drawing of its body position, a file the web app serves, with every drawing in use', () => {
    for (const e of SEED_EXERCISES) {
      expect(e.imageUrl, e.slug).toBe(positionIllustration(e.position));
      expect(artFiles.has(e.imageUrl.replace('/exercise-art/', '')), `${e.slug}: ${e.imageUrl}`).toBe(true);
    }
    for (const p of EXERCISE_POSITIONS) expect(SEED_EXERCISES.some((e) => e.position === p), p).toBe(true);
    // The category drawings stay for stored rows and clients that still name them, and the fallback with them.
    for (const category of FOCUS_CATEGORIES) expect(artFiles.has(categoryIllustration(category).replace('/exercise-art/', '')), category).toBe(true);
    expect(artFiles.has(FALLBACK_EXERCISE_IMAGE.replace('/exercise-art/', ''))).toBe(true);
  });

  it('draws floor, kneeling and one-leg exercises in their own positions, not standing', () => {
    expect(position('dead-bug')).toBe('supine');
    expect(position('glute-bridge')).toBe('supine');
    expect(position('figure-four-stretch')).toBe('supine');
    expect(position('bird-dog')).toBe('quadruped');
    expect(position('cat-cow')).toBe('quadruped');
    expect(position('clamshell')).toBe('side-lying');
    expect(position('open-book')).toBe('side-lying');
    expect(position('prone-cobra')).toBe('prone');
    expect(position('single-leg-balance')).toBe('one-leg');
    expect(position('side-plank')).toBe('plank');
    expect(position('ninety-ninety-hip-switch')).toBe('seated-floor');
    expect(position('half-kneeling-hip-flexor-stretch')).toBe('half-kneeling');
    expect(position('wall-slide')).toBe('wall');
    const floorWords = /\b(lie|kneel|sit on the floor|all fours|plank)\b/i;
    for (const e of SEED_EXERCISES.filter((x) => x.position === 'standing')) expect(e.instructions[0], e.slug).not.toMatch(floorWords);
  });

  it('labels every drawing for screen readers', () => {
    for (const file of [...artFiles].filter((f) => f.endsWith('.svg'))) {
      const svg = readFileSync(`${artDir}${file}`, 'utf8');
      expect(svg, file).toMatch(/^<svg [^>]*viewBox="0 0 200 200"[^>]*role="img"[^>]*aria-label="[^"]{8,}"/);
      expect(svg, file).toMatch(/<title>[^<]{8,}<\/title>/);
      expect(svg.length, file).toBeLessThan(2500);
    }
  });

  it('gives an existing install the position pictures on its next start', async () => {
    await h.deps.db.updateTable('exercises').set({ image_url: categoryIllustration('Core Control & Rotational Strength') }).where('slug', '=', 'dead-bug').execute();
    await seedExerciseCatalog(h.deps.db);
    const row = await h.deps.db.selectFrom('exercises').select('image_url').where('slug', '=', 'dead-bug').executeTakeFirstOrThrow();
    expect(row.image_url).toBe('/exercise-art/position-supine.svg');
  });
});

/*
 * The event rules on the full-rate tracks bench/track-dump.ts recorded: what the events would be if the
 * search looked at every frame. Prints each clip's errors against its labels. The address here is the
 * search's own (the product reads it again on the measure model, address.ts).
 *
 * FUSE=1 on a dump made with TRACK_MIRROR=1 fuses each frame's picture and mirror readings (flip.ts), so a
 * clip and its mirror image read one track. Tried at stop 60 for the finish, which the search dates on
 * the picture alone and which parts most between a clip and its mirror (tour pro A face-on 0 against
 * +8, golfml +4 against -22 in bench:accuracy): at STEP=2 (the coarse pass's looks) the fused tracks put
 * every copy of a clip at one finish, and finishes within tolerance went from 14 to 16 of the 24 labelled
 * runs (golfml's mirror -22 -> +4, tour pro C's copies -12 -> +-10), but tour pro A's face-on copies all
 * at +6 (two were within 4) and tour pro B's all at -6 as before; at STEP=1, 13 -> 15. Not taken into the
 * product: the search would read the follow-through twice (about 23 more looks a real-time clip, 170 on
 * tour pro C's 5.4x slow motion) for a finish key frame a tenth of a second nearer its label on two clips
 * and further on one, and these whole-clip tracking runs are not the search's segments (their own
 * finishes differ from the product's by up to 6 frames), so the gain would have to be shown again there.
 * FUSE=mirror replays the mirror's readings alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectSwingEvents } from '../src/pose/events.js';
import { trackPoints } from '../src/pose/search.js';
import { scoreEvents } from './real-clips.js';
import { fuseReadings } from '../src/pose/flip.js';
import type { Pose } from '../src/pose/landmarks.js';

const DIR = process.env.TRACK_DUMP_DIR ?? '/tmp/swingfit-track-dump';
let ok = 0;
let n = 0;
for (const f of readdirSync(DIR).filter((x) => x.endsWith('.json')).sort()) {
  const d = JSON.parse(readFileSync(join(DIR, f), 'utf8'));
  type Dumped = { index: number; pose: { image: number[]; world: number[] } | null };
  const toPose = (a: Dumped): Pose | null => (a.pose ? { image: Float32Array.from(a.pose.image), world: Float32Array.from(a.pose.world) } : null);
  const picture: { index: number; pose: Pose | null }[] = d.analysed.map((a: Dumped) => ({ index: a.index, pose: toPose(a) }));
  // FUSE=1 (a dump made with TRACK_MIRROR=1): each frame's picture and mirror readings averaged, as flip.ts fuses them.
  // FUSE=mirror: the mirror's readings alone.
  const mirror: (Pose | null)[] | null = d.mirrored ? d.mirrored.map((a: Dumped) => toPose(a)) : null;
  const stance = picture.find((f) => f.pose)?.pose ?? undefined;
  const frames = !process.env.FUSE || !mirror ? picture : picture.map((f, i) => ({
    index: f.index,
    pose: process.env.FUSE === 'mirror' ? mirror[i]! : fuseReadings([f.pose ?? undefined, mirror[i] ?? undefined], stance, d.size.width, d.size.height)?.pose ?? null,
  }));
  // Every `STEP`th frame only, as a coarse pass would look (1 = every frame).
  const step = Number(process.env.STEP ?? 1);
  const found = detectSwingEvents(trackPoints(frames.filter((_: unknown, i: number) => i % step === 0), d.fps, d.size.width, d.size.height));
  const scores = found.ok ? scoreEvents(d.label, { events: found.events } as never, d.times) : [];
  const good = scores.length > 0 && scores.every((s) => s.ok);
  n++;
  if (good) ok++;
  console.log(`${f.replace('.json', '').padEnd(36)} ${found.ok ? scores.map((s) => `${s.name[0]}${s.error! >= 0 ? '+' : ''}${s.error}${s.ok ? '' : '!'}`).join(' ') : 'no swing'}${found.ok ? `  k=${found.events.timeScale.toFixed(1)}` : ''}`);
}
console.log(`events within tolerance: ${ok}/${n}`);

/*
 * The event rules on the full-rate tracks bench/track-dump.ts recorded: what the events would be if the
 * search looked at every frame. Prints each clip's errors against its labels.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectSwingEvents } from '../src/pose/events.js';
import { trackPoints } from '../src/pose/search.js';
import { scoreEvents } from './real-clips.js';

const DIR = process.env.TRACK_DUMP_DIR ?? '/tmp/swingfit-track-dump';
let ok = 0;
let n = 0;
for (const f of readdirSync(DIR).filter((x) => x.endsWith('.json')).sort()) {
  const d = JSON.parse(readFileSync(join(DIR, f), 'utf8'));
  const frames = d.analysed.map((a: { index: number; pose: { image: number[]; world: number[] } | null }) => ({
    index: a.index, pose: a.pose ? { image: Float32Array.from(a.pose.image), world: Float32Array.from(a.pose.world) } : null,
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

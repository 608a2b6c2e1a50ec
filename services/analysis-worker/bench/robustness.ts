/*
 * `pnpm bench:robustness`: the shared clips recorded the ways golfers' phones record them, through the
 * product's own path, beside the original's figures. Each case is made with ffmpeg from a shared clip
 * into a temporary folder (the fixtures are never copied into the repository):
 *   far golfer      the face-on clip at 40% in a 1920x1080 frame, at two places: the golfer a sixth of
 *                   its height; at 60%, a quarter; the down-the-line clip at 45% in a 1080x1920 frame
 *   slow motion 4x  the down-the-line clip played 4x slower at 120 fps (each frame repeated)
 *   far and slow    both at once, as golfers film themselves: the far face-on golfer 4x slower at 120 fps,
 *                   the far portrait golfer from behind 4x slower at 30 fps
 *   ProRes          the face-on clip as ProRes 422 LT in a .mov
 *   phone portrait  the down-the-line clip cut to 9:16, stored on its side with a rotation tag
 *   HEVC 640        the face-on clip as 640-pixel HEVC
 *   phone 4K        the face-on clip as a phone stores it by default: 3840x2160 HEVC at 60 fps
 *   hand-held       a phone held by a friend: the picture drifts and shakes by up to 90 pixels, with the
 *                   golfer a fifth of a landscape frame tall, far in a portrait frame, mirrored (a
 *                   left-hander) in a portrait frame, and close by, most of a portrait frame's height
 *   black frames    half a second of black before and after the swing
 *   camera walks    the picture slides away after the finish (the camera taken down)
 *   24 / 240 fps    the face-on clips at 24 frames per second, and at 240 (each frame repeated)
 *   slow motion 8x  the down-the-line clip 8x slower at 30 fps (each frame shown 8 times)
 *   dusk, low sun   a dark, flat and grainy picture (evening light on a phone); a washed-out one (low sun)
 *   against the light  the golfer in shadow before a bright sky: mid-tones pushed into the darkest codes,
 *                   in both views (a dark outline: named, its body figures withheld, exposure.ts)
 *   flicker         indoor lights flickering with the mains: each frame brighter or darker in a three-frame
 *                   cycle (a 100 Hz flicker seen at 30 fps), in both views
 *   upside down     a phone held upside down: the picture stored turned half round, with the rotation tag
 *                   players use to turn it back (face-on)
 *   slow shutter    indoors: each frame blended with the one before (the arms and club doubled through
 *                   the downswing), dimmer and grainier, in both views
 *   ramped slow motion  as a phone exports its slow-motion clips: real time at the start and the end,
 *                   slowed 4x (face-on) and 8x (down the line) from the address to the finish
 *   practice swing  a practice swing first (the whole clip at 1/1.6 speed), then the clip: the
 *                   swing that strikes the ball is the one to measure
 *   waggles         the club hinged back from the set-up and returned twice, a pause, then the swing
 *   zoomed in       someone filming zooms in 1.3 times while the golfer sets up, or during the backswing
 *   framing         filmed too close: the feet below the picture (face-on), the club and hands above
 *                   it at the top (down the line)
 *   trimmed         the clip cut to start 2 frames before the address (no set-up to read the rest from)
 *   stopped early   the clip cut five or six frames after impact (the phone stopped as the ball left), in
 *                   both views: measured, and said to hold no finish
 *   someone by      a still onlooker three quarters the golfer's height beside them (down the line)
 *   next bay        a golfer swinging 0.6 s later in the next bay of a range: from behind, beside the
 *                   golfer at three fifths the size, and at the picture's side 1.14 times as tall;
 *                   face-on, behind them and to one side at half the size
 *   own reflection  the golfer's mirrored, fainter reflection in a window beside them, in step
 *   hitting net     filmed through a net: a dark mesh over the whole picture, sharp and out of focus,
 *                   in both views
 *   simulator       an indoor bay's screen playing a flyover (a picture that zooms on and on) beside the
 *                   golfer (face-on) and ahead of them (down the line): background that moves
 *   tilted          a camera that is not level: the picture turned 6° either way, in both views
 *   a step closer   tour pro B face-on filmed 1.16 times closer: the clip's titles partly out of the
 *                   picture, spectators walking behind at its edge
 *   looking up/down a camera pitched 15° up (a phone leaning on the bag) or down (a tripod at head height),
 *                   in both views: the level picture through the homography a turn of the camera makes
 *   messaging app   a clip as a messaging app forwards it: 480 lines at about a megabit a second
 *   posted upright  a landscape clip across the middle of a 9:16 frame over a blurred, enlarged copy of
 *                   itself, as social apps post it, in both views
 *   replay          a broadcast's slow-motion replay (4x) after the swing in real time
 *   side by side    a coach's split screen: the face-on and down-the-line clips in one picture
 *   phone HDR       an iPhone's default recording: 10-bit HEVC in HLG with BT.2020 colours
 *   variable rate   frames up to 8 ms early or late of a steady 30 per second, as phones record
 *   WebM            VP9 in WebM, as browsers' and some Android apps' recorders make it
 *   interlaced      a camcorder's or broadcast's interlaced video (two fields a moment apart in each
 *                   frame), in both views; and a progressive picture flagged interlaced
 *   wide pixels     a 16:9 picture stored in a narrower frame of wide pixels (HDV's 1440x1080), both views
 *   DVD, WMV        MPEG-2 .mpg as a DVD or DV camcorder holds it (interlaced, wide pixels); Windows Media
 *   cut             clips started at the top or stopped before impact: refused, saying where they were cut
 * Prints per case: analysed or refused (with the reason), the events against the original's labels
 * (labels scaled to the case's frames), the turn figures with confidence and their distance from the
 * original's. About 17-27 minutes for the 110 cases on these 2-core machines with nothing else running (16 min 44 s at
 * stop 73). BENCH_CASES=text,text runs only the cases whose names hold one of the texts (e.g. BENCH_CASES=hand-held).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CameraView } from '@swingfit/contracts';
import type { BodyLight } from '../src/pose/exposure.js';
import { NET, type NetReading } from '../src/pose/net.js';
import type { CameraSummary } from '../src/pose/camera.js';
import { closePosePool } from '../src/pose/index.js';
import { LABELLED_EVENTS, TURN_FIGURES, analyseUpload, expectedHand, fixturesDir, frameTimes, loadLabels, nextBayGraph, shortBackswingGraph, turnsOf, type ClipLabel as Labelled } from './real-clips.js';

type ClipLabel = Labelled & { path: string; name: string };

interface Case {
  name: string;
  clip: string;
  view: CameraView;
  args: string[];
  ext: string;
  /** Case seconds per original second (slow motion). */
  slower: number;
  /** Only this stretch of the original (seconds) is slowed; before and after it plays in real time. */
  ramp?: { fromSec: number; toSec: number };
  /** Seconds added before the original's first frame (negative: cut from its start). */
  leadSec?: number;
  /** A practice swing first: the whole clip played this many times slower comes before it. */
  practiceSlower?: number;
  /** The picture is mirrored: the golfer plays with the other hand. */
  mirrored?: boolean;
}

/** An ffmpeg crop's x:y that drifts like a hand-held phone: two slow sways, `x` and `y` pixels either way. */
const shake = (x: number, y: number) => `${x + 10}+${x}*sin(2*PI*t*0.6):${y + 10}+${y}*sin(2*PI*t*1.1+2)`;
const X264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p'];
/** Each frame blended with the one before, dimmer and grainier: a phone's slow shutter indoors. */
const SLOW_SHUTTER = 'tmix=frames=2,eq=brightness=-0.12:contrast=0.8,noise=alls=10:allf=t';
/** Indoor lights flickering with the mains: 100 Hz seen at 30 fps beats in a three-frame cycle. */
const FLICKER = 'eq=brightness=0.1*sin(2*PI*n/3):eval=frame';
/** A hitting net near the lens, out of focus: a mesh every 22 pixels, blurred, multiplied over a 1280x720 picture. */
const SOFT_NET = ['-filter_complex', 'color=c=white:s=1280x720:r=30,drawgrid=w=22:h=22:t=2:c=black,gblur=sigma=1.5,format=gbrp[n];[0:v:0]format=gbrp[v];[v][n]blend=all_mode=multiply:all_opacity=0.6:shortest=1,format=yuv420p[out]', '-map', '[out]', ...X264];
/** A landscape picture across the middle of a 1080x1920 frame over a blurred, enlarged copy of itself. */
const SOCIAL_PORTRAIT = '[0:v:0]split[a][b];[a]scale=-2:1920,crop=1080:1920,boxblur=30:3[bg];[b]scale=1080:-2[fg];[bg][fg]overlay=0:(H-h)/2[out]';
/**
 * A clip as a messaging app forwards it: shrunk to 480 lines and squeezed to about a megabit a second. One
 * encoder thread: x264's rate control at a set bit rate differs from run to run when threaded, and a bench
 * case must not.
 */
const MESSAGING_APP = ['-vf', 'scale=-2:480', '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '900k', '-maxrate', '1000k', '-bufsize', '2000k', '-threads', '1', '-pix_fmt', 'yuv420p'];
/** A case whose stretch `ramp` (seconds) is slowed `slower` times, each frame repeated, at 30 fps. */
function rampedCase(name: string, clip: string, view: CameraView, ramp: { fromSec: number; toSec: number }, slower: number): Case {
  const { fromSec: from, toSec: to } = ramp;
  const graph =
    `[0:v]split=3[a][b][c];[a]trim=0:${from},setpts=PTS-STARTPTS[a1];[b]trim=${from}:${to},setpts=${slower}*(PTS-STARTPTS)[b1];` +
    `[c]trim=${to},setpts=PTS-STARTPTS[c1];[a1][b1][c1]concat=n=3:v=1[out]`;
  return { name, clip, view, args: ['-filter_complex', graph, '-map', '[out]', '-r', '30', ...X264], ext: 'mp4', slower, ramp };
}
/**
 * A golfer's practice swing, then the swing that strikes the ball: the clip played `slower` times slower
 * (a rehearsal at a gentler pace, hands as high), then the clip itself. The second swing is measured.
 */
function practiceCase(name: string, clip: string, view: CameraView, slower: number): Case {
  const graph = `[0:v]split[a][b];[a]setpts=${slower}*PTS,fps=30[a1];[a1][b]concat=n=2:v=1[out]`;
  return { name, clip, view, args: ['-filter_complex', graph, '-map', '[out]', ...X264], ext: 'mp4', slower: 1, practiceSlower: slower };
}
/** The picture zoomed in on its middle from `fromSec` to `toSec`, up to `zoom` times: someone walking up to the lens. */
function walkUp(fromSec: number, toSec: number, zoom: number): string {
  const z = `if(gte(in_time,${fromSec}),min(1+(in_time-${fromSec})*${((zoom - 1) / (toSec - fromSec)).toFixed(3)},${zoom}),1)`;
  return `zoompan=z='${z}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=1280x720:fps=30`;
}
/**
 * A chip, made of a real swing's first frames: the clip up to frame `to` of the backswing, then the same frames
 * back to `address`, the hands returning through the ball, then a second of stillness.
 */
function chipArgs(to: number, address: number): string[] {
  return ['-filter_complex', `${chipGraph(to, address)}[out]`, '-map', '[out]', ...X264];
}
const chipGraph = (to: number, address: number) =>
  `[0:v]trim=end_frame=${to + 1},setpts=PTS-STARTPTS,split[a][b];[b]trim=start_frame=${address},setpts=PTS-STARTPTS,reverse[r];[a][r]concat=n=2:v=1,tpad=stop=30:stop_mode=clone`;
/** Frames of chipGraph's chip: the clip to `to`, back to `address`, a held second (30 frames). */
const chipFrames = (to: number, address: number) => to + 1 + (to + 1 - address) + 30;
/** The chip, then the whole clip: a short practice stroke before the swing. */
function chipFirstArgs(to: number, address: number): string[] {
  const graph = `[0:v]split[s][w];[s]${chipGraph(to, address).slice('[0:v]'.length)}[c];[c][w]concat=n=2:v=1[out]`;
  return ['-filter_complex', graph, '-map', '[out]', ...X264];
}
/**
 * A waggle rehearses the takeaway's start: from `stillBack` frames before the labelled address (where the
 * hands still rest: the labels mark the address a few frames into the takeaway's slow first creep) to
 * `frames` past it; made `times` over, then a pause of `pauseFrames` (frames at 30 fps).
 */
const WAGGLE = { stillBack: 10, frames: 4, times: 2, pauseFrames: 10 } as const;
/**
 * Waggles before the takeaway, as most golfers make them: the clip to where the hands rest before its
 * address, then its frames from there to a few past the address forward and back WAGGLE.times over (the
 * club hinged a little back and returned), a third of a second's pause at rest, then the swing from the
 * same rest. The address is the labelled one of that last start, not the stillness before the waggles.
 */
function waggleArgs(address: number): string[] {
  const { stillBack, frames, times, pauseFrames } = WAGGLE;
  const still = address - stillBack;
  const copies = Array.from({ length: times }, (_, i) => `[w${i}]`);
  // Every piece numbered afresh at 30 a second: reversed and padded pieces keep odd timestamps, and the
  // concatenation would fill the gaps with repeated frames (125 frames where 121 were cut).
  const renumber = 'setpts=N/(30*TB)';
  const graph = `[0:v]split=3[p][w][s];[p]trim=end_frame=${still + 1},${renumber}[pre];` +
    `[w]trim=start_frame=${still}:end_frame=${address + frames + 1},${renumber},split[f][g];[g]reverse,${renumber}[r];` +
    `[f][r]concat=n=2,${renumber},split=${times}${copies.join('')};` +
    `[s]trim=start_frame=${still},${renumber},split[h][swing];[h]trim=end_frame=1,tpad=stop=${pauseFrames - 1}:stop_mode=clone,${renumber}[hold];` +
    `[pre]${copies.join('')}[hold][swing]concat=n=${times + 3}[out]`;
  return ['-filter_complex', graph, '-map', '[out]', '-r', '30', ...X264];
}
/** Frames waggleArgs puts before the original's frames from the rest on. */
const waggleFrames = (address: number): number => 1 + WAGGLE.times * 2 * (address + WAGGLE.frames - (address - WAGGLE.stillBack) + 1) + WAGGLE.pauseFrames;
/** The golfer's region (`crop`, w:h:x:y) mirrored, 0.8 times the size and 40% opaque, laid over the picture at `at`. */
function reflectionGraph(crop: string, at: [number, number]): string {
  return `[0:v:0]format=yuva420p,split[v][r];[r]crop=${crop},hflip,scale=trunc(iw*0.8/2)*2:-2,colorchannelmixer=aa=0.4[m];[v][m]overlay=${at[0]}:${at[1]},format=yuv420p[out]`;
}
/** A phone's main camera: 26 mm equivalent, so its focal length is 26/36 of the picture's width in pixels. */
const PHONE_FOCAL_PER_WIDTH = 26 / 36;
/** Grey beyond the picture's edge: a camera turned up or down sees past the original's corners. */
const PITCH_PAD = 120;
/**
 * A camera pitched `deg` up (negative: down) from level, as a phone leaning on a golf bag looks up at the
 * golfer or a tripod at head height looks down. Turning a camera about its own centre moves every ray the
 * same way whatever its depth, so the pitched picture is exactly a homography of the level one: the
 * pitched camera's rays (centred back on the golfer, as the phone is aimed at them) taken into the level
 * camera's picture. It does not move the camera lower or higher: that would need depth the clip lacks.
 */
function pitched(deg: number, width: number, height: number): string {
  const f = width * PHONE_FOCAL_PER_WIDTH;
  const a = (deg * Math.PI) / 180;
  const [cx, cy] = [width / 2, height / 2];
  // Each corner of the padded output: its ray in the pitched camera, then where the level picture has it.
  const corner = (u: number, v: number) => {
    const [x, b] = [u - PITCH_PAD - cx, v - PITCH_PAD - cy + f * Math.tan(a)];
    const [y, z] = [b * Math.cos(a) - f * Math.sin(a), b * Math.sin(a) + f * Math.cos(a)];
    return `${((f * x) / z + cx + PITCH_PAD).toFixed(1)}:${((f * y) / z + cy + PITCH_PAD).toFixed(1)}`;
  };
  const [w, h] = [width + 2 * PITCH_PAD, height + 2 * PITCH_PAD];
  const corners = [corner(0, 0), corner(w, 0), corner(0, h), corner(w, h)].join(':');
  return `pad=${w}:${h}:${PITCH_PAD}:${PITCH_PAD}:gray,perspective=${corners}:interpolation=cubic,crop=${width}:${height}:${PITCH_PAD}:${PITCH_PAD}`;
}
/** A restricted golfer's swing made of a real one (real-clips.ts shortBackswingGraph): the backswing stops at frame `to`. */
function shortSwingCase(name: string, clip: string, view: CameraView, to: number, label: { address: number; top: number; impact: number }, slower = 1): Case {
  const graph = slower === 1 ? shortBackswingGraph(to, label) : `${shortBackswingGraph(to, label).replace(/\[out\]$/, '[s]')};[s]setpts=${slower}*PTS[out]`;
  return { name, clip, view, args: ['-filter_complex', graph, '-map', '[out]', ...(slower === 1 ? [] : ['-r', String(30 * slower)]), ...X264], ext: 'mp4', slower };
}
const CASES: Case[] = [
  { name: 'far golfer', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-vf', 'scale=trunc(iw*0.4/2)*2:-2,pad=1920:1080:200:600:black', ...X264], ext: 'mp4', slower: 1 },
  { name: 'far golfer elsewhere', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-vf', 'scale=trunc(iw*0.4/2)*2:-2,pad=1920:1080:900:500:black', ...X264], ext: 'mp4', slower: 1 },
  { name: 'golfer a quarter tall', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-vf', 'scale=trunc(iw*0.6/2)*2:-2,pad=1920:1080:200:300:black', ...X264], ext: 'mp4', slower: 1 },
  { name: 'far golfer, portrait', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-vf', 'scale=trunc(iw*0.45/2)*2:-2,pad=1080:1920:100:900:black', ...X264], ext: 'mp4', slower: 1 },
  { name: 'slow motion 4x', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-vf', 'setpts=4*PTS', '-r', '120', ...X264], ext: 'mp4', slower: 4 },
  // Both at once, as golfers film themselves: the phone's slow motion from a distance (the far cases above, slowed).
  { name: 'far golfer in slow motion 4x', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-vf', 'setpts=4*PTS,scale=trunc(iw*0.4/2)*2:-2,pad=1920:1080:200:600:black', '-r', '120', ...X264], ext: 'mp4', slower: 4 },
  { name: 'far golfer, portrait, slow motion 4x at 30 fps', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-vf', 'setpts=4*PTS,scale=trunc(iw*0.45/2)*2:-2,pad=1080:1920:100:900:black', '-r', '30', ...X264], ext: 'mp4', slower: 4 },
  { name: 'ProRes', clip: 'morikawa_iron_fo', view: 'face-on', args: ['-c:v', 'prores_ks', '-profile:v', '1'], ext: 'mov', slower: 1 },
  { name: 'hand-held, golfer a fifth tall', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-vf', `scale=trunc(iw*0.36/2)*2:-2,pad=2120:1280:300:700:gray,crop=1920:1080:${shake(90, 70)}`, ...X264], ext: 'mp4', slower: 1 },
  { name: 'hand-held, golfer a fifth tall, slower sway', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-vf', 'scale=trunc(iw*0.36/2)*2:-2,pad=2120:1280:300:700:gray,crop=1920:1080:100+90*sin(2*PI*t*0.5):100+70*sin(2*PI*t*0.9+1)', ...X264], ext: 'mp4', slower: 1 },
  { name: 'hand-held, far, portrait', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-vf', `scale=trunc(iw*0.45/2)*2:-2,pad=1180:2020:150:950:gray,crop=1080:1920:${shake(40, 40)}`, ...X264], ext: 'mp4', slower: 1 },
  { name: 'hand-held, left-handed, portrait', clip: 'morikawa_iron_fo', view: 'face-on', args: ['-vf', `hflip,crop=720:720:280:0,scale=500:500,pad=1180:2020:300:900:gray,crop=1080:1920:${shake(45, 45)}`, ...X264], ext: 'mp4', slower: 1, mirrored: true },
  // A phone held upright close by: the golfer most of the frame's height, so around the top the club's reach hides
  // most of the background the camera is read from (camera.ts).
  { name: 'hand-held, portrait, golfer most of the frame', clip: 'morikawa_iron_fo', view: 'face-on', args: ['-vf', 'crop=380:680:450+30*sin(2*PI*t*0.6):30+10*sin(2*PI*t*1.1+2),scale=720:1288', ...X264], ext: 'mp4', slower: 1 },
  { name: 'black frames before and after', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-vf', 'tpad=start=15:stop=15:color=black', ...X264], ext: 'mp4', slower: 1, leadSec: 0.5 },
  // A phone on a tripod: after the finish the golfer walks up to it to stop the recording, growing to fill the picture.
  // Someone filming zooms in while the golfer sets up (1.3 times, over 0.4 s), then holds it.
  { name: 'zoomed in while the golfer sets up', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-vf', walkUp(0.3, 0.7, 1.3), ...X264], ext: 'mp4', slower: 1 },
  { name: 'zoomed in while the golfer sets up, from behind', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-vf', walkUp(0.3, 0.7, 1.3), ...X264], ext: 'mp4', slower: 1 },
  // Someone filming zooms in as the golfer swings: the picture 1.3 times larger from address to the top.
  { name: 'zoomed in during the backswing', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-vf', walkUp(25 / 30, 46 / 30, 1.3), ...X264], ext: 'mp4', slower: 1 },
  { name: 'zoomed in during the backswing, from behind', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-vf', walkUp(29 / 30, 46 / 30, 1.3), ...X264], ext: 'mp4', slower: 1 },
  { name: 'golfer walks up to the camera after the finish', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-vf', walkUp(2.8, 4.2, 3), ...X264], ext: 'mp4', slower: 1 },
  { name: 'golfer walks up to the camera after the finish, from behind', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-vf', walkUp(2.45, 3.0, 2.5), ...X264], ext: 'mp4', slower: 1 },
  { name: 'camera walks away after the finish', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-vf', "pad=iw+400:ih:0:0:green,crop=1280:720:'if(gt(t,2.4),min(400,(t-2.4)*500),0)':0", ...X264], ext: 'mp4', slower: 1 },
  // A camcorder's or a broadcast recording's interlaced video: each frame holds two fields, a moment apart,
  // line by line (here two of the original's frames, 15 frames a second; flagged top field first). And a
  // progressive picture carried in interlaced frames (both fields one moment), as some cameras and edits do.
  { name: 'interlaced, fields a frame apart', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-vf', 'tinterlace=mode=interleave_top,setfield=tff', '-flags', '+ilme+ildct', '-x264opts', 'tff=1', ...X264], ext: 'mp4', slower: 1 },
  { name: 'interlaced, fields a frame apart, from behind', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-vf', 'tinterlace=mode=interleave_top,setfield=tff', '-flags', '+ilme+ildct', '-x264opts', 'tff=1', ...X264], ext: 'mp4', slower: 1 },
  { name: 'progressive picture in interlaced frames', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-vf', 'setfield=tff', '-flags', '+ilme+ildct', '-x264opts', 'tff=1', ...X264], ext: 'mp4', slower: 1 },
  // HDV and broadcast HD recorders store a 16:9 picture in 1440x1080, pixels a third wider than tall (the
  // player stretches it back): here 960x720 flagged 4:3 pixels, in both views.
  { name: 'wide pixels (anamorphic HD)', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-vf', 'scale=960:720,setsar=4/3', ...X264], ext: 'mp4', slower: 1 },
  { name: 'wide pixels (anamorphic HD), from behind', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-vf', 'scale=960:720,setsar=4/3', ...X264], ext: 'mp4', slower: 1 },
  // A DVD or a DV camcorder's file: MPEG-2 in an MPEG program stream (.mpg), 720x480 interlaced, its 16:9
  // picture in pixels 32:27 wide; and Windows Media (.wmv), both among the formats the upload accepts.
  { name: 'DVD or DV camcorder (MPEG-2 .mpg, interlaced, wide pixels)', clip: 'morikawa_iron_fo', view: 'face-on', args: ['-vf', 'scale=720:480,tinterlace=mode=interleave_top,setfield=tff,setsar=32/27', '-c:v', 'mpeg2video', '-q:v', '3', '-flags', '+ilme+ildct', '-top', '1', '-pix_fmt', 'yuv420p'], ext: 'mpg', slower: 1 },
  { name: 'Windows Media (.wmv)', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-c:v', 'wmv2', '-q:v', '3'], ext: 'wmv', slower: 1 },
  { name: '24 fps', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-vf', 'fps=24', ...X264], ext: 'mp4', slower: 1 },
  // Below the specification's 24 fps: an old webcam or a screen recording. The downswing spans 3-5 frames.
  { name: '15 fps, an old webcam', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-vf', 'fps=15', ...X264], ext: 'mp4', slower: 1 },
  { name: '15 fps, an old webcam, from behind', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-vf', 'fps=15', ...X264], ext: 'mp4', slower: 1 },
  { name: '240 fps, real time', clip: 'morikawa_iron_fo', view: 'face-on', args: ['-vf', 'fps=240', ...X264], ext: 'mp4', slower: 1 },
  { name: 'slow motion 8x at 30 fps', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-vf', 'setpts=8*PTS', '-r', '30', ...X264], ext: 'mp4', slower: 8 },
  // A slower golfer's 8x: an amateur's 0.45 s downswing at a phone's 240 fps played at 30 lasts as long as a
  // tour player's 0.2 s one slowed 18 times (read against a nominal 0.3 s downswing, past 10 times).
  { name: 'slow motion 18x at 30 fps, as long as a slower golfer\'s 8x', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-vf', 'setpts=18*PTS', '-r', '30', ...X264], ext: 'mp4', slower: 18 },
  rampedCase('ramped slow motion 4x', 'morikawa_iron_fo', 'face-on', { fromSec: 0.9, toSec: 2.8 }, 4),
  rampedCase('ramped slow motion 8x', 'adam_scott_iron_dtl', 'down-the-line', { fromSec: 0.8, toSec: 2.6 }, 8),
  // What a phone stores by default: 4K HEVC at 60 frames per second (each frame shown twice here).
  { name: 'phone 4K HEVC 60 fps', clip: 'morikawa_iron_fo', view: 'face-on', args: ['-vf', 'scale=3840:2160,fps=60', '-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p', '-x265-params', 'log-level=error'], ext: 'mp4', slower: 1 },
  // An iPhone with HDR on (its default) stores 10-bit HEVC in HLG with BT.2020 colours: the picture is converted
  // into HLG here, not only labelled, so the transcode's tone mapping is what the pose model sees.
  { name: 'phone HDR, HEVC 10-bit HLG', clip: 'morikawa_iron_fo', view: 'face-on', args: ['-vf', 'zscale=tin=bt709:min=bt709:pin=bt709:rin=tv:t=arib-std-b67:m=bt2020nc:p=bt2020:r=tv,format=yuv420p10le', '-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-x265-params', 'log-level=error:crf=18:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc', '-color_primaries', 'bt2020', '-color_trc', 'arib-std-b67', '-colorspace', 'bt2020nc'], ext: 'mov', slower: 1 },
  // Phones record at a variable frame rate: frames arrive up to 8 ms early or late of a steady 30 per second.
  { name: 'variable frame rate', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-vf', "setpts='N/(30*TB)+(mod(N\\,3)-1)*0.008/TB'", '-fps_mode', 'passthrough', ...X264], ext: 'mp4', slower: 1 },
  // The upload accepts WebM, which browsers' and some Android apps' recorders make (VP9).
  { name: 'WebM, VP9', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '2M', '-pix_fmt', 'yuv420p'], ext: 'webm', slower: 1 },
  // Evening light on a phone: a darker, flatter picture with the sensor's grain moving from frame to frame.
  { name: 'dusk, grainy', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-vf', 'eq=brightness=-0.22:contrast=0.55:saturation=0.6,noise=alls=24:allf=t', ...X264], ext: 'mp4', slower: 1 },
  // Filmed against the light: the phone exposes for the bright sky, and the golfer's shaded side falls toward black.
  { name: 'against the light, the golfer in shadow', clip: 'morikawa_iron_fo', view: 'face-on', args: ['-vf', 'curves=all=0/0 0.45/0.08 0.75/0.45 1/1,noise=alls=8:allf=t', ...X264], ext: 'mp4', slower: 1 },
  { name: 'against the light, the golfer in shadow, from behind', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-vf', 'curves=all=0/0 0.45/0.08 0.75/0.45 1/1,noise=alls=8:allf=t', ...X264], ext: 'mp4', slower: 1 },
  { name: 'low sun, washed out', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-vf', 'eq=brightness=0.25:contrast=0.6:gamma=1.4', ...X264], ext: 'mp4', slower: 1 },
  // Indoors a phone at 30 fps keeps its shutter open most of a frame: the arms and club are smeared along their
  // path through the downswing. Each frame here is blended with the one before (a double image, the smear's two
  // ends; a true smear needs motion interpolation, too slow for a bench), in a dimmer, grainier picture.
  { name: 'indoors, a slow shutter\'s double image, from behind', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-vf', SLOW_SHUTTER, ...X264], ext: 'mp4', slower: 1 },
  { name: 'indoors, a slow shutter\'s double image', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-vf', SLOW_SHUTTER, ...X264], ext: 'mp4', slower: 1 },
  practiceCase('a practice swing first', 'adam_scott_iron_fo', 'face-on', 1.6),
  practiceCase('a practice swing first, from behind', 'morikawa_iron_dtl', 'down-the-line', 1.6),
  { name: 'lights flickering, from behind', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-vf', FLICKER, ...X264], ext: 'mp4', slower: 1 },
  { name: 'lights flickering', clip: 'morikawa_iron_fo', view: 'face-on', args: ['-vf', FLICKER, ...X264], ext: 'mp4', slower: 1 },
  { name: 'feet out of the picture', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-vf', 'crop=1280:600:0:0', ...X264], ext: 'mp4', slower: 1 },
  { name: 'club out of the top of the picture', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-vf', 'crop=1280:580:0:140', ...X264], ext: 'mp4', slower: 1 },
  { name: 'trimmed to the takeaway', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-ss', '0.9', '-vf', 'setpts=PTS-STARTPTS', ...X264], ext: 'mp4', slower: 1, leadSec: -0.9 },
  // Clips cut short of a whole swing: refused, and the reason says where the clip was cut (events.ts ClipCut).
  // Started at the top (labels: tour pro A face-on's top at frame 46, tour pro B's from behind at 44) ...
  { name: 'cut: starts at the top', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-ss', '1.55', '-vf', 'setpts=PTS-STARTPTS', ...X264], ext: 'mp4', slower: 1, leadSec: -1.55 },
  { name: 'cut: starts at the top, from behind', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-ss', '1.45', '-vf', 'setpts=PTS-STARTPTS', ...X264], ext: 'mp4', slower: 1, leadSec: -1.45 },
  { name: 'cut: starts in the backswing, from behind', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-ss', '1.2', '-vf', 'setpts=PTS-STARTPTS', ...X264], ext: 'mp4', slower: 1, leadSec: -1.2 },
  { name: 'cut: starts in the backswing', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-ss', '1.2', '-vf', 'setpts=PTS-STARTPTS', ...X264], ext: 'mp4', slower: 1, leadSec: -1.2 },
  // ... or stopped at the top (tour pro B from behind, frame 45) or halfway down (tour pro A from behind, 51 of 46-55).
  { name: 'cut: ends at the top, from behind', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-t', '1.5', ...X264], ext: 'mp4', slower: 1 },
  { name: 'cut: ends halfway down, from behind', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-t', '1.7', ...X264], ext: 'mp4', slower: 1 },
  // A golfer who stops recording as soon as the ball is struck: five or six frames past impact, no follow-through.
  // Not a full swing: a chip's hands rise to the hips and come back through the ball; a clip of the finish only.
  { name: 'no full swing: a chip, from behind', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: chipArgs(40, 29), ext: 'mp4', slower: 1 },
  { name: 'no full swing: a chip', clip: 'morikawa_iron_fo', view: 'face-on', args: chipArgs(50, 32), ext: 'mp4', slower: 1 },
  // A chip-length practice stroke beside the ball, then the swing: the swing is measured.
  { name: 'a short practice stroke first, from behind', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: chipFirstArgs(40, 29), ext: 'mp4', slower: 1, leadSec: chipFrames(40, 29) / 30 },
  { name: 'a short practice stroke first, tour pro B from behind', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: chipFirstArgs(33, 21), ext: 'mp4', slower: 1, leadSec: chipFrames(33, 21) / 30 },
  { name: 'a short practice stroke first', clip: 'morikawa_iron_fo', view: 'face-on', args: chipFirstArgs(50, 32), ext: 'mp4', slower: 1, leadSec: chipFrames(50, 32) / 30 },
  // Waggles, then a short pause and the swing: the address is where the swing starts, after the waggles.
  { name: 'waggles before the takeaway, from behind', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: waggleArgs(29), ext: 'mp4', slower: 1, leadSec: waggleFrames(29) / 30 },
  { name: 'waggles before the takeaway', clip: 'morikawa_iron_fo', view: 'face-on', args: waggleArgs(32), ext: 'mp4', slower: 1, leadSec: waggleFrames(32) / 30 },
  { name: 'no full swing: only the follow-through', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-ss', '1.87', '-vf', 'setpts=PTS-STARTPTS', ...X264], ext: 'mp4', slower: 1, leadSec: -1.87 },
  { name: 'no full swing: only the follow-through, from behind', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-ss', '1.77', '-vf', 'setpts=PTS-STARTPTS', ...X264], ext: 'mp4', slower: 1, leadSec: -1.77 },
  // A golfer on the range films two balls in one clip, the same swing twice: one is measured, never a mix. The
  // two are alike, so either may be the one measured: its events print against the second's labels.
  practiceCase('two swings in a row', 'morikawa_iron_fo', 'face-on', 1),
  practiceCase('two swings in a row, from behind', 'adam_scott_iron_dtl', 'down-the-line', 1),
  // The hands stop at chest height (shoulders turned 60 deg) or shoulder height: restricted golfers' full swings.
  shortSwingCase('a short backswing, from behind', 'adam_scott_iron_dtl', 'down-the-line', 42, { address: 29, top: 46, impact: 55 }),
  shortSwingCase('a short backswing', 'morikawa_iron_fo', 'face-on', 54, { address: 32, top: 62, impact: 68 }),
  shortSwingCase('a shorter backswing, from behind', 'adam_scott_iron_dtl', 'down-the-line', 40, { address: 29, top: 46, impact: 55 }),
  shortSwingCase('a shorter backswing', 'morikawa_iron_fo', 'face-on', 50, { address: 32, top: 62, impact: 68 }),
  // …and as a phone's slow motion records it (120 fps played at 30): the short top is found in clip time.
  shortSwingCase('a shorter backswing in slow motion 4x, from behind', 'adam_scott_iron_dtl', 'down-the-line', 40, { address: 29, top: 46, impact: 55 }, 4),
  shortSwingCase('a short backswing, tour pro B from behind', 'morikawa_iron_dtl', 'down-the-line', 38, { address: 21, top: 44, impact: 51 }),
  // An abbreviated (punch) finish, held with the hands at chest height: the clip to 3 frames past impact,
  // then that frame held 1.3 s. Its finish is where the hold starts, not the label's.
  { name: 'a finish held at chest height, from behind', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-vf', 'trim=end_frame=59,setpts=PTS-STARTPTS,tpad=stop=40:stop_mode=clone', ...X264], ext: 'mp4', slower: 1 },
  { name: 'a finish held at chest height', clip: 'morikawa_iron_fo', view: 'face-on', args: ['-vf', 'trim=end_frame=72,setpts=PTS-STARTPTS,tpad=stop=40:stop_mode=clone', ...X264], ext: 'mp4', slower: 1 },
  { name: 'stops just after impact', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-t', '2.0', ...X264], ext: 'mp4', slower: 1 },
  { name: 'stops just after impact, from behind', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-t', '1.9', ...X264], ext: 'mp4', slower: 1 },
  // A still onlooker (a caddie, a friend) beside the golfer: tour pro A at address from the face-on clip, three
  // quarters the golfer's height, on the right of the down-the-line picture for the whole clip.
  { name: 'someone standing by', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-filter_complex', `movie=${join(fixturesDir(), 'real', 'adam_scott_iron_fo.mp4')},select=eq(n\\,0),crop=220:560:530:120,scale=-2:420[p];[0:v:0][p]overlay=1020:250[out]`, '-map', '[out]', ...X264], ext: 'mp4', slower: 1 },
  // An indoor bay: the simulator's screen plays the shot's flight beside the golfer (a picture that zooms on and
  // on, as a flyover does), a part of the background that moves while the camera does not (camera.ts).
  { name: 'simulator screen beside', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-filter_complex', '[0:v:0]format=yuv420p[v];mandelbrot=s=320x260:r=30:end_scale=0.02,format=yuv420p[m];[v][m]overlay=940:250:shortest=1[out]', '-map', '[out]', ...X264], ext: 'mp4', slower: 1 },
  { name: 'simulator screen ahead, from behind', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-filter_complex', '[0:v:0]format=yuv420p[v];mandelbrot=s=340x360:r=30:end_scale=0.02,format=yuv420p[m];[v][m]overlay=20:40:shortest=1[out]', '-map', '[out]', ...X264], ext: 'mp4', slower: 1 },
  // A driving range: the golfer in the next bay, further off and swinging 0.6 s later, through the measured
  // golfer's downswing and finish. Face-on they stand behind the golfer and to one side, half the size; from
  // behind, beside the golfer, three fifths the size (crowd.ts: hidden, and the clip read again).
  { name: 'a golfer swinging in the next bay, face-on', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-filter_complex', nextBayGraph(join(fixturesDir(), 'real', 'morikawa_iron_fo.mp4'), '500:640:400:60', [160, 150], 296), '-map', '[out]', ...X264], ext: 'mp4', slower: 1 },
  { name: 'a golfer swinging in the next bay', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-filter_complex', nextBayGraph(join(fixturesDir(), 'real', 'adam_scott_iron_dtl.mp4'), '340:620:420:100', [1040, 230], 204), '-map', '[out]', ...X264], ext: 'mp4', slower: 1 },
  // From behind the next bay's golfer stands as far from the lens as the filmed one, so looks as tall or
  // taller (here 1.14 times: people differ), off to the side of the picture (crowd.ts tellApart).
  { name: 'a taller golfer swinging in the next bay', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-filter_complex', nextBayGraph(join(fixturesDir(), 'real', 'adam_scott_iron_dtl.mp4'), '340:620:420:100', [940, 80]), '-map', '[out]', ...X264], ext: 'mp4', slower: 1 },
  // Indoors before a window or a mirror: the golfer's own reflection beside them, mirrored, fainter and smaller,
  // swinging in step with them (a second person who moves exactly as the golfer does).
  { name: 'own reflection in a window beside', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-filter_complex', reflectionGraph('500:640:390:60', [860, 140]), '-map', '[out]', ...X264], ext: 'mp4', slower: 1 },
  { name: 'own reflection in a window beside, from behind', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-filter_complex', reflectionGraph('340:620:420:100', [820, 160]), '-map', '[out]', ...X264], ext: 'mp4', slower: 1 },
  // Filmed at home through the hitting net: a dark mesh over the whole picture, golfer included.
  { name: 'through a hitting net', clip: 'morikawa_iron_fo', view: 'face-on', args: ['-vf', 'drawgrid=w=22:h=22:t=2:c=black@0.55', ...X264], ext: 'mp4', slower: 1 },
  { name: 'through a hitting net, from behind', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-vf', 'drawgrid=w=22:h=22:t=2:c=black@0.55', ...X264], ext: 'mp4', slower: 1 },
  // The same net near the lens, out of focus: softer lines, darkening the picture by up to 60% on them.
  { name: 'through a hitting net out of focus', clip: 'morikawa_iron_fo', view: 'face-on', args: SOFT_NET, ext: 'mp4', slower: 1 },
  { name: 'through a hitting net out of focus, from behind', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: SOFT_NET, ext: 'mp4', slower: 1 },
  // A phone propped on a bag or held by a friend is seldom level: the picture turned a few degrees.
  { name: 'camera tilted 6 deg', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-vf', 'rotate=6*PI/180', ...X264], ext: 'mp4', slower: 1 },
  { name: 'camera tilted -6 deg', clip: 'morikawa_iron_fo', view: 'face-on', args: ['-vf', 'rotate=-6*PI/180', ...X264], ext: 'mp4', slower: 1 },
  { name: 'camera tilted 6 deg, from behind', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-vf', 'rotate=6*PI/180', ...X264], ext: 'mp4', slower: 1 },
  { name: 'camera tilted -6 deg, from behind', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-vf', 'rotate=-6*PI/180', ...X264], ext: 'mp4', slower: 1 },
  // A step closer to tour pro B face-on: his clip's titles and watermark partly cut off, the spectators
  // walking behind him at the picture's right edge.
  { name: 'filmed a step closer, people walking behind', clip: 'morikawa_iron_fo', view: 'face-on', args: ['-vf', 'crop=1100:620:90:100,scale=1280:720', ...X264], ext: 'mp4', slower: 1 },
  // A phone leaning on the golf bag looks up at the golfer; a tripod at head height looks down (1280x720 clips).
  { name: 'phone low, looking up 15 deg', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-vf', pitched(15, 1280, 720), ...X264], ext: 'mp4', slower: 1 },
  { name: 'phone low, looking up 15 deg, from behind', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: ['-vf', pitched(15, 1280, 720), ...X264], ext: 'mp4', slower: 1 },
  { name: 'camera high, looking down 15 deg', clip: 'morikawa_iron_fo', view: 'face-on', args: ['-vf', pitched(-15, 1280, 720), ...X264], ext: 'mp4', slower: 1 },
  { name: 'camera high, looking down 15 deg, from behind', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-vf', pitched(-15, 1280, 720), ...X264], ext: 'mp4', slower: 1 },
  { name: 'sent by messaging app', clip: 'adam_scott_iron_fo', view: 'face-on', args: MESSAGING_APP, ext: 'mp4', slower: 1 },
  { name: 'sent by messaging app, from behind', clip: 'morikawa_iron_dtl', view: 'down-the-line', args: MESSAGING_APP, ext: 'mp4', slower: 1 },
  // As social apps post a landscape swing upright: the picture across the middle of a 9:16 frame, a blurred,
  // enlarged copy of itself filling the rest (a second, larger golfer swinging in step, out of focus).
  { name: 'posted upright over its own blurred copy', clip: 'morikawa_iron_fo', view: 'face-on', args: ['-filter_complex', SOCIAL_PORTRAIT, '-map', '[out]', ...X264], ext: 'mp4', slower: 1 },
  { name: 'posted upright over its own blurred copy, from behind', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-filter_complex', SOCIAL_PORTRAIT, '-map', '[out]', ...X264], ext: 'mp4', slower: 1 },
  // A broadcast's replay: the swing in real time, then again four times slower.
  { name: 'slow-motion replay after the swing', clip: 'adam_scott_iron_dtl', view: 'down-the-line', args: ['-filter_complex', '[0:v]split[a][b];[b]setpts=4*PTS,fps=30[b1];[a][b1]concat=n=2:v=1[out]', '-map', '[out]', ...X264], ext: 'mp4', slower: 1 },
  // A coach's split screen: the same swing from the front and from behind, side by side in one video.
  { name: 'both views side by side', clip: 'adam_scott_iron_fo', view: 'face-on', args: ['-filter_complex', `movie=${join(fixturesDir(), 'real', 'adam_scott_iron_dtl.mp4')}[d];[0:v:0][d]hstack=shortest=1,scale=1920:-2[out]`, '-map', '[out]', ...X264], ext: 'mp4', slower: 1 },
  { name: 'HEVC 640', clip: 'morikawa_iron_fo', view: 'face-on', args: ['-vf', 'scale=640:-2', '-c:v', 'libx265', '-preset', 'veryfast', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p', '-x265-params', 'log-level=error'], ext: 'mp4', slower: 1 },
];

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', ...args]);

function make(c: Case, label: ClipLabel, dir: string): string {
  const out = join(dir, `${c.name.replace(/\W+/g, '-')}.${c.ext}`);
  // A filter graph names its own output stream.
  const map = c.args.includes('-filter_complex') ? [] : ['-map', '0:v:0'];
  ffmpeg(['-i', label.path, ...map, '-an', ...c.args, out]);
  return out;
}

/**
 * A phone's picture stored turned (`filter`), with the rotation tag (clockwise degrees) players use to
 * stand it up again. The tag is written only on a stream copy: ffmpeg 5 drops it when it encodes.
 */
function storedTurned(label: ClipLabel, dir: string, name: string, filter: string, rotate: number): string {
  const stored = join(dir, `${name}-stored.mp4`);
  ffmpeg(['-i', label.path, '-map', '0:v:0', '-an', '-vf', filter, ...X264, stored]);
  const out = join(dir, `${name}.mp4`);
  ffmpeg(['-i', stored, '-c', 'copy', '-metadata:s:v:0', `rotate=${rotate}`, out]);
  return out;
}

/** A phone held upright: the picture cut to 9:16, stored on its side. */
const portrait = (label: ClipLabel, dir: string) => storedTurned(label, dir, 'phone-portrait', 'crop=ih*9/16:ih:(iw-ih*9/16)/2-150:0,transpose=2', 270);
/** A phone held upside down: the picture stored turned half round. */
const upsideDown = (label: ClipLabel, dir: string) => storedTurned(label, dir, 'phone-upside-down', 'hflip,vflip', 180);

const SWAY_FIGURES = ['headSway', 'hipSway'] as const;
const fmt = (v: number | null, c?: number) => (v === null ? 'withheld' : `${v.toFixed(1)}${c === undefined ? '' : ` (conf ${c.toFixed(2)})`}`);

/** The original's time (seconds) of the case's moment `sec`: lead removed, slowed stretches sped up again. */
function originalSec(c: Pick<Case, 'slower' | 'leadSec' | 'ramp'>, sec: number): number {
  const t = sec - (c.leadSec ?? 0);
  if (!c.ramp) return t / c.slower;
  const { fromSec, toSec } = c.ramp;
  if (t <= fromSec) return t;
  const slowEnd = fromSec + (toSec - fromSec) * c.slower;
  return t <= slowEnd ? fromSec + (t - fromSec) / c.slower : t - (slowEnd - toSec);
}

/** Each event's error in the original clip's frames (its time taken back to the original's). */
function eventsAgainst(label: ClipLabel, summary: Summary, c: Pick<Case, 'slower' | 'leadSec' | 'ramp'>): string {
  const times = frameTimes(label.path);
  return LABELLED_EVENTS.flatMap((n) => {
    const want = label[n];
    const got = summary.events[n];
    const tolerance = label.tolerance[n];
    if (want === null || !got || tolerance === undefined) return [];
    if (n === 'finish' && summary.endsBeforeFinish) return ['finish not in the clip'];
    const error = (originalSec(c, got.timeSec) - (times[want] ?? want / label.fps)) * label.fps;
    return [`${n} ${error >= 0 ? '+' : ''}${error.toFixed(1)}/±${tolerance}${Math.abs(error) <= tolerance + 0.5 ? '' : ' MISS'}`];
  }).join(', ');
}

const labels = loadLabels();
if (!labels) {
  console.log('bench:robustness: the shared fixtures are absent: nothing to run (set SWINGFIT_FIXTURES)');
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), 'sf-robustness-'));
const byName = new Map(labels.map((l) => [l.name, l]));
type Summary = Extract<Awaited<ReturnType<typeof analyseUpload>>['result'], { ok: true }>['summary'];
const originals = new Map<string, Summary>();
async function original(label: ClipLabel): Promise<Summary | null> {
  if (!originals.has(label.name)) {
    const { result } = await analyseUpload(label.path, label.view, join(dir, `${label.name}-original`));
    if (result.ok) originals.set(label.name, result.summary);
  }
  return originals.get(label.name) ?? null;
}

console.log('== the shared clips as phones record them (events in original frames against the labels; turns against the original clip)');
type Run = Pick<Case, 'name' | 'clip' | 'view' | 'slower' | 'leadSec' | 'practiceSlower' | 'mirrored' | 'ramp'> & { file: (l: ClipLabel) => string };
/** Seconds before the original's first frame: black frames, or a practice swing (the whole clip slowed). */
const leadOf = (c: Run, label: ClipLabel): number => c.leadSec ?? (c.practiceSlower ? (c.practiceSlower * label.frames) / label.fps : 0);
const all: Run[] = [...CASES.map((c) => ({ ...c, file: (l: ClipLabel) => make(c, l, dir) })), { name: 'phone portrait', clip: 'adam_scott_iron_dtl', view: 'down-the-line', slower: 1, file: (l: ClipLabel) => portrait(l, dir) },
  { name: 'phone upside down', clip: 'morikawa_iron_fo', view: 'face-on', slower: 1, file: (l: ClipLabel) => upsideDown(l, dir) }];
const wanted = process.env.BENCH_CASES?.split(',');
try {
  for (const c of all.filter((x) => !wanted || wanted.some((w) => x.name.includes(w)))) {
    const label = byName.get(c.clip);
    if (!label) continue;
    const file = c.file(label);
    const started = performance.now();
    const { result } = await analyseUpload(file, c.view, join(dir, `${c.name.replace(/\W+/g, '-')}-work`));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (!result.ok) {
      console.log(`-- ${c.name} (${c.clip}): REFUSED: ${result.reason}   [${seconds} s]`);
      continue;
    }
    const base = await original(label);
    const turns = turnsOf(result.summary);
    const near = base ? turnsOf(base) : null;
    const slow = result.summary.slowMotion ? `, slow motion read as ${result.summary.slowMotion.factor}x` : '';
    const hand = expectedHand(label, c.mirrored ?? false);
    const wrong = `${result.summary.view === c.view ? '' : ' WRONG VIEW'}${result.summary.handedness === hand ? '' : ' WRONG HAND'}`;
    const camera = result.fields.technicalDetails.camera as CameraSummary | undefined;
    const moved = camera ? `, camera read on ${Math.round(camera.readShare * 100)}% of steps, travel ${Math.round(camera.travel.x * 100)}% x ${Math.round(camera.travel.y * 100)}% of the picture` : '';
    // A lattice in the change through the swing is printed (net.ts), named a net or not: a false alarm shows.
    const lattice = result.fields.technicalDetails.net as NetReading | undefined;
    const net = lattice && lattice.strength >= NET.minPeak ? `, ${result.summary.throughNet ? 'FILMED THROUGH A NET' : 'no net'} (lattice ${lattice.strength} in the change, ${lattice.onBody} on the body)` : '';
    // A body shown as a dark outline (exposure.ts) is printed with the light read on it; a lit body is not.
    const light = result.fields.technicalDetails.bodyLight as BodyLight | undefined;
    const outline = light?.outline ? `, AGAINST THE LIGHT (the body's bright end at ${light.bright} of 255)` : '';
    console.log(`-- ${c.name} (${c.clip}): ${result.summary.view}, ${result.summary.handedness}-handed${wrong}${slow}${moved}${net}${outline}   [${seconds} s]`);
    console.log(`   events ${eventsAgainst(label, result.summary, { ...c, leadSec: leadOf(c, label) })}${c.practiceSlower ? `, ${String(result.fields.technicalDetails.swingCount)} swings found` : ''}`);
    console.log(`   ${TURN_FIGURES.map((k) => {
      const [now, was] = [turns[k].value, near?.[k].value ?? null];
      const off = now !== null && was !== null ? `, ${Math.abs(now - was).toFixed(1)} from the original` : '';
      // '≥' marks a lower limit (a face-on shoulder turn past contracts FACE_ON_SHOULDER_LIMIT_DEG).
      return `${k} ${turns[k].atLeast ? '≥' : ''}${fmt(now, turns[k].confidence)}${off}`;
    }).join('; ')}`);
    // BENCH_CURVES=1: the turn through the backswing and the address read, as bench:accuracy prints them.
    if (process.env.BENCH_CURVES === '1') console.log(`   ${JSON.stringify({ curve: result.fields.technicalDetails.turnCurve, address: result.fields.technicalDetails.addressRead })}`);
    // Sway is read from where the body is in the picture: a moving camera must not add to it (camera.ts).
    if (c.view === 'face-on') console.log(`   ${SWAY_FIGURES.map((k) => {
      const [now, was] = [result.summary.metrics[k].value, base?.metrics[k].value ?? null];
      return `${k} ${now === null ? 'withheld' : now.toFixed(2)} head widths${was !== null && now !== null ? `, ${Math.abs(now - was).toFixed(2)} from the original` : ''}`;
    }).join('; ')}`);
  }
} finally {
  await closePosePool();
  rmSync(dir, { recursive: true, force: true });
}

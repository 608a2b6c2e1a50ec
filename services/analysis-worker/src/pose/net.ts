/*
 * Filmed through a hitting net? A net between the lens and the golfer lays strands over the body that
 * stay where they are while the body moves behind them: wherever the golfer moved through the swing the
 * picture changed, except along the strands (an opaque strand hides the change, a thin one dims it). So
 * the change through the swing, each pixel's against its neighbourhood's, shows the net as a lattice:
 * a pattern repeating along two directions. The body's own patterns (a striped or checked shirt) move
 * and turn with it and smear across the change; a still background does not change at all.
 *
 * A lattice is read in the frequency domain: its power stands in sharp peaks at the strands' spacing
 * along each of its two directions, and at its whole multiples (a strand is narrower than the gap
 * between two, so its profile carries harmonics), where broadband detail (grain, leaves, compression
 * blocks) spreads its power over all frequencies. A spacing between whole pixels is no harder there
 * than a whole one (the spatial autocorrelation tried at stop 61, bench/net.ts, missed those). A peak
 * counts by how far it stands above the power around it; a lattice needs a peak and its double in each
 * of two directions to stand out, which chance peaks in a plain change map do not do together.
 *
 * A fence or a net behind the golfer makes the same lattice in the change: wherever the arms and club
 * uncover it, it changes differently from the gaps. Only strands in front of the golfer show on the
 * body itself, so the lattice counts as a net only where it is also there (onTheBody), on the pixels the
 * pose model's person mask is sure are the golfer. The shapes drawn from the pose's joints (the trunk,
 * the limbs as thick lines) were tried first and not kept: a limb drawn a few pixels wide of the body
 * took in the fence behind it (bench/fence.ts: tour pro C in front of a fence read 4.5, over the bar).
 *
 * Why it matters: the pose model reads a body behind bars as a narrower turn (bench:robustness: from
 * behind the shoulders 8.5-15.9° short, face-on the hips 12.4° off, at confidences that do not show it).
 */
import type { PixelBox } from './crop.js';
import { lumaAt } from './picture.js';
import type { RawFrame } from './runtime/protocol.js';

export const NET = {
  /** Grey levels of mean change between the frames read: where less, the golfer did not move there. */
  minChange: 12,
  /** Radius (pixels) of the neighbourhood a pixel's change is compared with: wider than a strand, about a mesh. */
  neighbourhood: 5,
  /** Strand spacings looked for (pixels of the frames read): a net 1-3 m from a phone's lens, its mesh 2-5 cm. */
  minSpacing: 3,
  maxSpacing: 32,
  /** Two directions at least this far apart (degrees): one direction alone is a stripe, not a net. */
  minAngle: 30,
  /** Frequency bins around a peak whose power is its background: the ring from `ringFrom` to `ring` bins away. */
  ring: 8,
  ringFrom: 3,
  /** At least this many pixels changed clearly: over fewer there is too little of the body to read a lattice on. */
  minChangedPixels: 3000,
  /**
   * A lattice's four peaks (a peak and its double in each of two directions) each stand at least this many
   * times above their background (the median of their ring). By chance a bin's power over that median is
   * about exponential: among the ~50,000 bins read the highest is about 16, and four at once on a lattice
   * far rarer. The shared clips and their clean copies read 6.6-9.6; the nets over them 15-185 (bench/net.ts).
   */
  minPeak: 20,
  /** Bins read against their own ring: those this many times above the median power at their frequency. */
  screen: 4,
  /**
   * On the body (onTheBody) the lattice's power stands at least this many times above the controls': the
   * strands lie in front of the golfer. A frequency the body holds no lattice at reads about 1 to 2 (the
   * best of three harmonics, over ten frames); fences laid behind the shared clips' golfers read up to
   * 1.6 (bench/fence.ts), the nets over them 4.4 and up (bench/net.ts), a synthetic net hundreds.
   */
  minOnBody: 4,
  /** Fewer body pixels than this in a frame are too few to read a lattice on. */
  minBodyPixels: 200,
  /** The person mask's likelihood from which a pixel is the golfer. */
  personSure: 0.9,
  /** Pixels the body is drawn in from the mask's edge. */
  maskInset: 2,
  /** A peak found is looked at as up to this harmonic of the strands' spacing (fundamental). */
  maxHarmonic: 4,
  /** Control frequencies turned this far (degrees, both ways) off a lattice frequency. */
  controlTurns: [20, 35],
} as const;

export interface NetReading {
  /** How far the weakest of the lattice's four peaks stands above its background (0: no lattice). */
  strength: number;
  /** How far the lattice stands out on the body (onTheBody; 0 where the lattice is too weak to ask, or no mask was read). */
  onBody: number;
  /** The lattice's two strand spacings (pixels, or a whole fraction of them) and the directions across the strands (degrees from the picture's x axis). */
  spacings: { pixels: number; degrees: number }[];
  /** Pixels that changed clearly. */
  changed: number;
}

/** Brightness (BT.601 luma) of an RGBA frame. */
function luma(frame: RawFrame): Float32Array {
  const out = new Float32Array(frame.width * frame.height);
  const d = frame.data;
  for (let i = 0, p = 0; i < out.length; i++, p += 4) out[i] = lumaAt(d, p);
  return out;
}

/** Per pixel, the mean of its absolute change between consecutive frames: wherever the body moved through the swing. */
function meanChange(lumas: Float32Array[]): Float32Array {
  const sum = new Float32Array(lumas[0]!.length);
  for (let t = 1; t < lumas.length; t++) {
    const [now, previous] = [lumas[t]!, lumas[t - 1]!];
    for (let i = 0; i < sum.length; i++) sum[i]! += Math.abs(now[i]! - previous[i]!);
  }
  return sum.map((v) => v / (lumas.length - 1));
}

/** Box mean of radius `r` (separable running sums, edges clamped to the picture). */
function boxMean(values: Float32Array, width: number, height: number, r: number): Float32Array {
  const pass = (src: Float32Array, n: number, lines: number, at: (line: number, k: number) => number): Float32Array => {
    const out = new Float32Array(src.length);
    for (let line = 0; line < lines; line++) {
      let sum = 0;
      for (let k = 0; k < Math.min(n, r); k++) sum += src[at(line, k)]!;
      for (let k = 0; k < n; k++) {
        if (k + r < n) sum += src[at(line, k + r)]!;
        if (k - r - 1 >= 0) sum -= src[at(line, k - r - 1)]!;
        out[at(line, k)] = sum / (Math.min(n - 1, k + r) - Math.max(0, k - r) + 1);
      }
    }
    return out;
  };
  const rows = pass(values, width, height, (line, k) => line * width + k);
  return pass(rows, height, width, (line, k) => k * width + line);
}

/** cos and sin of -2πk/n for k < n/2: the twiddle factors of an n-point FFT. */
function twiddles(n: number): { cos: Float64Array; sin: Float64Array } {
  const cos = new Float64Array(n / 2);
  const sin = new Float64Array(n / 2);
  for (let k = 0; k < n / 2; k++) [cos[k], sin[k]] = [Math.cos((-2 * Math.PI * k) / n), Math.sin((-2 * Math.PI * k) / n)];
  return { cos, sin };
}

/** In-place radix-2 FFT of one line (length n, a power of two) held in `re`/`im` from `offset` every `step`. */
function fftLine(re: Float64Array, im: Float64Array, n: number, offset: number, step: number, w: { cos: Float64Array; sin: Float64Array }): void {
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const [a, b] = [offset + i * step, offset + j * step];
      [re[a], re[b]] = [re[b]!, re[a]!];
      [im[a], im[b]] = [im[b]!, im[a]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const stride = n / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < size / 2; k++) {
        const c = w.cos[k * stride]!;
        const s = w.sin[k * stride]!;
        const a = offset + (start + k) * step;
        const b = a + (size / 2) * step;
        const tr = re[b]! * c - im[b]! * s;
        const ti = re[b]! * s + im[b]! * c;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
      }
    }
  }
}

/** Power spectrum of an nx×ny real field (both powers of two), row-major. */
function powerSpectrum(field: Float64Array, nx: number, ny: number): Float64Array {
  const re = Float64Array.from(field);
  const im = new Float64Array(nx * ny);
  const [wx, wy] = [twiddles(nx), twiddles(ny)];
  for (let y = 0; y < ny; y++) fftLine(re, im, nx, y * nx, 1, wx);
  for (let x = 0; x < nx; x++) fftLine(re, im, ny, x, nx, wy);
  const power = new Float64Array(nx * ny);
  for (let i = 0; i < power.length; i++) power[i] = re[i]! * re[i]! + im[i]! * im[i]!;
  return power;
}

const nextPowerOfTwo = (v: number) => 2 ** Math.ceil(Math.log2(Math.max(2, v)));

/** The box of the pixels set in `mask`, or null. */
function boxOf(mask: Float32Array, width: number): PixelBox | null {
  let [left, top, right, bottom] = [Infinity, Infinity, -1, -1];
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const [x, y] = [i % width, Math.floor(i / width)];
    [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
  }
  return right < 0 ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/** Pixels whose neighbourhood changed at least NET.minChange grey levels (`inside`: 1, else 0). */
function changedPixels(change: Float32Array, width: number, height: number): { local: Float32Array; inside: Float32Array } {
  const local = boxMean(change, width, height, NET.neighbourhood);
  return { local, inside: local.map((v) => (v >= NET.minChange ? 1 : 0)) };
}

/**
 * Each changed pixel's change against its neighbourhood's (a strand in front reads as a dip), tapered to
 * nothing at the changed pixels' edge (a hard edge would ring through the whole spectrum), in an
 * nx×ny field over `box`.
 */
function fieldOf(change: Float32Array, changed: { local: Float32Array; inside: Float32Array }, width: number, height: number, box: PixelBox, nx: number, ny: number): Float64Array {
  const taper = boxMean(changed.inside, width, height, NET.neighbourhood);
  const values = new Float64Array(nx * ny);
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = y * width + x;
      if (changed.inside[i]) values[(y - box.y) * nx + (x - box.x)] = (change[i]! / changed.local[i]! - 1) * taper[i]!;
    }
  }
  return values;
}

/** A frequency bin: (fx, fy) in cycles across the field's width and height. */
interface Bin {
  fx: number;
  fy: number;
}

/** The field's spectrum read for peaks: each bin's height above the power around it. */
function spectrumOf(power: Float64Array, nx: number, ny: number) {
  const wrap = (v: number, n: number) => ((v % n) + n) % n;
  const p = (fx: number, fy: number) => power[wrap(fy, ny) * nx + wrap(fx, nx)]!;
  return {
    p,
    /** Cycles per pixel of a bin, and the spacing (pixels) and direction (degrees) of the strands it is. */
    frequency: (b: Bin) => Math.hypot(b.fx / nx, b.fy / ny),
    direction: (b: Bin) => Math.atan2(b.fy / ny, b.fx / nx),
    /** A spacing between whole pixels spreads its peak over neighbouring bins: the highest of them counts. */
    peak: (b: Bin) => {
      let best = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) best = Math.max(best, p(b.fx + dx, b.fy + dy));
      return best;
    },
    /**
     * The median power of the ring of bins around `b`: the window's leakage spreads a strong peak along
     * a few lines of bins, which would raise the ring's mean with the peak itself.
     */
    background: (b: Bin) => {
      const ring: number[] = [];
      for (let dy = -NET.ring; dy <= NET.ring; dy++) {
        for (let dx = -NET.ring; dx <= NET.ring; dx++) {
          if (Math.max(Math.abs(dx), Math.abs(dy)) >= NET.ringFrom) ring.push(p(b.fx + dx, b.fy + dy));
        }
      }
      ring.sort((x, y) => x - y);
      return ring[ring.length >> 1]!;
    },
  };
}

/** How many times a bin's peak stands above its ring's median power (0 where the ring holds none). */
function heightOf(spectrum: Spectrum, b: Bin): number {
  const background = spectrum.background(b);
  return background > 0 ? spectrum.peak(b) / background : 0;
}
type Spectrum = ReturnType<typeof spectrumOf>;

/**
 * The bins over half the plane (a real field's spectrum is symmetric) within the spacings looked for
 * that are local maxima and stand NET.screen times above the median power of all bins at their
 * frequency: only those are read against their own ring, which is the costly part.
 */
function peakCandidates(spectrum: Spectrum, nx: number, ny: number): Bin[] {
  const scale = Math.max(nx, ny);
  const radius = (b: Bin) => Math.round(spectrum.frequency(b) * scale);
  const byRadius = new Map<number, number[]>();
  const inRange: Bin[] = [];
  for (let fy = 0; fy < ny / 2; fy++) {
    for (let fx = -nx / 2 + 1; fx < nx / 2; fx++) {
      const f = spectrum.frequency({ fx, fy });
      if (f < 1 / NET.maxSpacing || f > 1 / NET.minSpacing || (fy === 0 && fx <= 0)) continue;
      inRange.push({ fx, fy });
      const r = radius({ fx, fy });
      (byRadius.get(r) ?? byRadius.set(r, []).get(r)!).push(spectrum.p(fx, fy));
    }
  }
  const radialMedian = new Map([...byRadius].map(([r, list]) => [r, list.sort((a, b) => a - b)[list.length >> 1]!] as const));
  return inRange.filter((b) => {
    const v = spectrum.p(b.fx, b.fy);
    if (!(v >= NET.screen * radialMedian.get(radius(b))!)) return false;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if ((dx || dy) && spectrum.p(b.fx + dx, b.fy + dy) > v) return false;
    return true;
  });
}

/**
 * How strongly the change through `frames` (in time order, across the swing) shows a net in front of the
 * golfer. `personMasks` gives each frame's person mask (a pose model's run of its own), asked for only
 * when the change shows a lattice strong enough to be one.
 */
export async function netInPicture(frames: RawFrame[], personMasks: () => Promise<(Float32Array | null)[]>): Promise<NetReading> {
  const none = (changed: number): NetReading => ({ strength: 0, onBody: 0, spacings: [], changed });
  if (frames.length < 3) return none(0);
  const { width, height } = frames[0]!;
  const lumas = frames.map(luma);
  const change = meanChange(lumas);
  const moved = changedPixels(change, width, height);
  const changed = moved.inside.reduce((a, b) => a + b, 0);
  const box = boxOf(moved.inside, width);
  if (!box || changed < NET.minChangedPixels) return none(changed);
  const [nx, ny] = [nextPowerOfTwo(box.width), nextPowerOfTwo(box.height)];
  const spectrum = spectrumOf(powerSpectrum(fieldOf(change, moved, width, height, box, nx, ny), nx, ny), nx, ny);
  // Each peak with its second harmonic (index arithmetic wraps: a harmonic past the picture's finest
  // detail folds back, as the sampled picture folds it); the weaker of the two is the peak's height.
  const lattice = peakCandidates(spectrum, nx, ny)
    .map((b) => ({ ...b, height: latticeHeight(spectrum, [b]) }))
    .sort((a, b) => b.height - a.height);
  const first = lattice[0];
  if (!first) return none(changed);
  const apart = (a: Bin, b: Bin) => {
    const d = Math.abs(spectrum.direction(a) - spectrum.direction(b)) % Math.PI;
    return (Math.min(d, Math.PI - d) * 180) / Math.PI;
  };
  const second = lattice.find((c) => apart(c, first) >= NET.minAngle);
  const spacing = (c: Bin) => ({
    pixels: Math.round((1 / spectrum.frequency(c)) * 10) / 10,
    degrees: Math.round((spectrum.direction(c) * 180) / Math.PI),
  });
  if (!second) return { ...none(changed), spacings: [spacing(first)] };
  const strength = Math.round(second.height * 10) / 10;
  const reading = { strength, onBody: 0, spacings: [spacing(first), spacing(second)], changed };
  if (strength < NET.minPeak) return reading;
  // Only now the person masks (a pose model's run of its own): a lattice strong enough to ask about is rare.
  const bodies = (await personMasks()).map((mask) => (mask ? personPixels(mask, width, height) : null));
  const onBody = onTheBody(lumas, bodies, [first, second].map((b) => fundamental(spectrum, b)).map((b) => [b.fx / nx, b.fy / ny] as const), width, height);
  return { ...reading, onBody: Math.round(onBody * 10) / 10 };
}

/**
 * The strands' own spacing along a peak's direction: the peak found may be a harmonic of it (a thin
 * strand's harmonics are as strong as its fundamental, and the picture's own detail weaker at higher
 * frequencies), so the lowest whole fraction of it that still stands out is taken.
 */
function fundamental(spectrum: Spectrum, b: Bin): Bin {
  const stands = (at: Bin) => heightOf(spectrum, at) >= NET.minPeak / 2;
  // The peak is the m-th harmonic of a spacing only if every lower multiple of that spacing's frequency
  // stands out too: one chance peak (leakage near the centre) at a fraction of it is not a comb.
  for (let m = NET.maxHarmonic; m > 1; m--) {
    const multiple = (k: number) => ({ fx: Math.round((k * b.fx) / m), fy: Math.round((k * b.fy) / m) });
    if (spectrum.frequency(multiple(1)) < 1 / NET.maxSpacing) continue;
    if (Array.from({ length: m - 1 }, (_, k) => multiple(k + 1)).every(stands)) return multiple(1);
  }
  return b;
}

/** A frequency (cycles per pixel along x and y). */
type Frequency = readonly [number, number];

/**
 * Is the lattice on the golfer, in front of the body, or only where the body uncovers what is behind it?
 * Where the body is in a frame (`bodies`: its pixels, from the person mask), strands in front of it show,
 * and a fence behind it never does. Each frame's picture there, less its
 * neighbourhood's mean, is read at the strands' frequency and its next two harmonics, and at control
 * frequencies as high but turned off the lattice's directions, or a third higher and lower; the power at
 * the lattice over the mean power at the controls, summed over the frames, is its height there. Each
 * direction counts by its harmonic that shows best (dark strands over a dark shirt show nowhere on it, on
 * the skin of the arms plainly), and the weaker direction is the reading. The picture is read at each
 * frequency directly: the body is too small a window for a spectrum's bins to fall on the lattice.
 */
function onTheBody(lumas: Float32Array[], bodies: (number[] | null)[], lattice: Frequency[], width: number, height: number): number {
  const wanted = lattice.flatMap(([u, v]) => HARMONICS.map((m) => [m * u, m * v] as const));
  const controls = wanted.map(controlsOf);
  const power = wanted.map(() => 0);
  const control = wanted.map(() => 0);
  let frames = 0;
  lumas.forEach((frame, t) => {
    const pixels = bodies[t];
    if (!pixels || pixels.length < NET.minBodyPixels) return;
    const local = boxMean(frame, width, height, NET.neighbourhood);
    const values = pixels.map((i) => frame[i]! - local[i]!);
    wanted.forEach((f, k) => {
      power[k]! += powerAt(values, pixels, width, f);
      control[k]! += controls[k]!.reduce((sum, c) => sum + powerAt(values, pixels, width, c), 0) / controls[k]!.length;
    });
    frames++;
  });
  if (frames === 0) return 0;
  // Each direction by its harmonic that shows best against the body's own detail; the weaker direction.
  const ratio = power.map((p, k) => (control[k]! > 0 ? p / control[k]! : 0));
  return Math.min(...lattice.map((_, d) => Math.max(...ratio.slice(d * HARMONICS.length, (d + 1) * HARMONICS.length))));
}

/** The strands' fundamental frequency and its next two harmonics, each looked for on the body. */
const HARMONICS = [1, 2, 3];

/** Frequencies as high as `f` but turned off its direction, and along it a third higher and lower. */
function controlsOf([u, v]: Frequency): Frequency[] {
  const turned = NET.controlTurns.flatMap((deg) => [deg, -deg]).map((deg) => {
    const [c, s] = [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)];
    return [u * c - v * s, u * s + v * c] as const;
  });
  return [...turned, [u * 0.75, v * 0.75], [u * 1.33, v * 1.33]];
}

/** Power of `values` (at `pixels`, indices into a picture `width` wide) at frequency `f`. */
function powerAt(values: number[], pixels: number[], width: number, [u, v]: Frequency): number {
  let [re, im] = [0, 0];
  for (let k = 0; k < pixels.length; k++) {
    const i = pixels[k]!;
    const phase = -2 * Math.PI * (u * (i % width) + v * Math.floor(i / width));
    re += values[k]! * Math.cos(phase);
    im += values[k]! * Math.sin(phase);
  }
  return (re * re + im * im) / pixels.length;
}

/** Four corners in pixels, in order around the shape: lead shoulder, trail shoulder, trail hip, lead hip. */
export type Quad = [readonly [number, number], readonly [number, number], readonly [number, number], readonly [number, number]];

/**
 * The pixels the person mask is sure show the golfer, drawn in from its edge by NET.maskInset: the mask's
 * edge is soft and may lie a pixel or two off the body, and there a fence behind would show.
 */
function personPixels(mask: Float32Array, width: number, height: number): number[] {
  const sure = mask.map((v) => (v >= NET.personSure ? 1 : 0));
  const inside = boxMean(sure, width, height, NET.maskInset);
  const out: number[] = [];
  for (let i = 0; i < inside.length; i++) if (inside[i]! >= 0.999) out.push(i);
  return out;
}

/** The height of the weakest of the bins' peaks and their second harmonics above their backgrounds. */
function latticeHeight(spectrum: Spectrum, bins: Bin[]): number {
  return Math.min(...bins.flatMap((b) => [heightOf(spectrum, b), heightOf(spectrum, { fx: 2 * b.fx, fy: 2 * b.fy })]));
}

/** Whether a reading shows a net. */
export const isNet = (reading: NetReading): boolean => reading.strength >= NET.minPeak && reading.onBody >= NET.minOnBody;

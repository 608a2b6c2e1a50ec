import type { TourComparison } from '../http/analyses.js';

/*
 * Reference launch-monitor averages (specification section 3 "Reference table", section 9 carry/spin).
 * Every figure names where it comes from. Order of precedence: the specification's own figures
 * (section 9) win; then TrackMan's published tables (PGA Tour, LPGA Tour, average male amateur
 * of about 15 handicap); where TrackMan publishes nothing for a club (wedges below PW, some
 * amateur/LPGA clubs) the figure is an interpolation between published neighbours, labelled so.
 */

export const REFERENCE_CLUBS = [
  'driver',
  '3-wood',
  '5-wood',
  'hybrid',
  '3-iron',
  '4-iron',
  '5-iron',
  '6-iron',
  '7-iron',
  '8-iron',
  '9-iron',
  'pitching-wedge',
  'gap-wedge',
  'sand-wedge',
  'lob-wedge',
] as const;
export type ReferenceClub = (typeof REFERENCE_CLUBS)[number];

export type ReferenceLevel = 'tour' | 'amateur';
export type ReferenceGender = 'male' | 'female';

export const REFERENCE_SOURCES = {
  spec: 'SwingFit specification, section 9 (tour-pro averages)',
  pga: 'TrackMan PGA Tour averages',
  lpga: 'TrackMan LPGA Tour averages',
  amateurMale: 'TrackMan average male amateur (about 15 handicap)',
  amateurFemale: 'TrackMan average female amateur (about 15 handicap), approximate',
  estimate: 'SwingFit estimate interpolated from neighbouring published clubs',
  computed: 'ball speed / club speed of this row',
} as const;
export type ReferenceSource = (typeof REFERENCE_SOURCES)[keyof typeof REFERENCE_SOURCES];

export interface ReferenceFigure {
  value: number;
  source: ReferenceSource;
}

export interface ClubReference {
  clubSpeed: ReferenceFigure; // mph
  ballSpeed: ReferenceFigure; // mph
  smashFactor: ReferenceFigure;
  carry: ReferenceFigure; // yards
  spinRate: ReferenceFigure; // rpm
  /** Total distance, driver only (the form asks for it only with the driver). */
  total?: ReferenceFigure;
}

type Fig = number | [number, ReferenceSource];
type Row = [club: Fig, ball: Fig, carry: Fig, spin: Fig];

function table(defaultSource: ReferenceSource, rows: Record<ReferenceClub, Row>, driverTotal: Fig): Record<ReferenceClub, ClubReference> {
  const fig = (f: Fig): ReferenceFigure => (Array.isArray(f) ? { value: f[0], source: f[1] } : { value: f, source: defaultSource });
  const out = {} as Record<ReferenceClub, ClubReference>;
  for (const club of REFERENCE_CLUBS) {
    const [c, b, carry, spin] = rows[club];
    const clubSpeed = fig(c);
    const ballSpeed = fig(b);
    out[club] = {
      clubSpeed,
      ballSpeed,
      smashFactor: { value: Math.round((ballSpeed.value / clubSpeed.value) * 100) / 100, source: REFERENCE_SOURCES.computed },
      carry: fig(carry),
      spinRate: fig(spin),
      ...(club === 'driver' ? { total: fig(driverTotal) } : {}),
    };
  }
  return out;
}

const S = REFERENCE_SOURCES.spec;
const E = REFERENCE_SOURCES.estimate;

/** PGA Tour: speeds from TrackMan, carry and the listed spins from the specification. */
const TOUR_MALE = table(
  REFERENCE_SOURCES.pga,
  {
    driver: [113, 167, [275, S], [2200, S]],
    '3-wood': [107, 158, [243, S], [3000, S]],
    '5-wood': [103, 152, [230, S], [3500, S]],
    hybrid: [100, 146, 225, 4437],
    '3-iron': [98, 142, 212, 4630],
    '4-iron': [96, 137, [203, S], 4836],
    '5-iron': [94, 132, [194, S], 5361],
    '6-iron': [92, 127, [183, S], 6231],
    '7-iron': [90, 120, [172, S], [7000, S]],
    '8-iron': [87, 115, [160, S], [8000, S]],
    '9-iron': [85, 109, [148, S], [8500, S]],
    'pitching-wedge': [83, 102, [136, S], [9000, S]],
    'gap-wedge': [[81, E], [96, E], [125, S], [9400, E]],
    'sand-wedge': [[78, E], [86, E], [105, S], [9800, E]],
    'lob-wedge': [[75, E], [76, E], [85, S], [10000, E]],
  },
  [300, S],
);

const TOUR_FEMALE = table(
  REFERENCE_SOURCES.lpga,
  {
    driver: [94, 140, 218, 2611],
    '3-wood': [90, 132, 195, 2704],
    '5-wood': [88, 128, 185, 4501],
    hybrid: [[83, E], [121, E], [174, E], [4700, E]],
    '3-iron': [[81, E], [118, E], [172, E], [4750, E]],
    '4-iron': [80, 116, 169, 4801],
    '5-iron': [79, 112, 161, 5081],
    '6-iron': [78, 109, 152, 5943],
    '7-iron': [76, 104, 141, 6699],
    '8-iron': [74, 100, 130, 7494],
    '9-iron': [72, 93, 119, 7589],
    'pitching-wedge': [70, 86, 107, 8403],
    'gap-wedge': [[68, E], [80, E], [97, E], [8700, E]],
    'sand-wedge': [[66, E], [73, E], [82, E], [9000, E]],
    'lob-wedge': [[64, E], [65, E], [66, E], [9200, E]],
  },
  [235, E],
);

const AMATEUR_MALE = table(
  REFERENCE_SOURCES.amateurMale,
  {
    driver: [93, 132, 214, 3275],
    '3-wood': [[89, E], [125, E], [190, E], [4000, E]],
    '5-wood': [[86, E], [120, E], [178, E], [4500, E]],
    hybrid: [[84, E], [116, E], [170, E], [4800, E]],
    '3-iron': [[82, E], [112, E], [164, E], [4900, E]],
    '4-iron': [[81, E], [109, E], [157, E], [5200, E]],
    '5-iron': [[79, E], [106, E], [150, E], [5600, E]],
    '6-iron': [[78, E], [103, E], [142, E], [6000, E]],
    '7-iron': [76, 101, 140, 6500],
    '8-iron': [[74, E], [96, E], [128, E], [7200, E]],
    '9-iron': [[72, E], [91, E], [119, E], [7800, E]],
    'pitching-wedge': [[70, E], [85, E], [109, E], [8300, E]],
    'gap-wedge': [[68, E], [79, E], [98, E], [8600, E]],
    'sand-wedge': [[66, E], [72, E], [83, E], [8900, E]],
    'lob-wedge': [[63, E], [63, E], [66, E], [9100, E]],
  },
  [231, E],
);

const AMATEUR_FEMALE = table(
  REFERENCE_SOURCES.amateurFemale,
  {
    driver: [78, 108, 162, 3000],
    '3-wood': [[75, E], [102, E], [145, E], [3800, E]],
    '5-wood': [[73, E], [98, E], [137, E], [4300, E]],
    hybrid: [[71, E], [95, E], [130, E], [4600, E]],
    '3-iron': [[70, E], [92, E], [125, E], [4800, E]],
    '4-iron': [[69, E], [90, E], [120, E], [5000, E]],
    '5-iron': [[67, E], [87, E], [114, E], [5400, E]],
    '6-iron': [[66, E], [84, E], [108, E], [5900, E]],
    '7-iron': [64, 81, 102, 6300],
    '8-iron': [[62, E], [77, E], [93, E], [6900, E]],
    '9-iron': [[60, E], [73, E], [85, E], [7400, E]],
    'pitching-wedge': [[58, E], [68, E], [76, E], [7900, E]],
    'gap-wedge': [[57, E], [64, E], [68, E], [8200, E]],
    'sand-wedge': [[55, E], [58, E], [57, E], [8500, E]],
    'lob-wedge': [[53, E], [52, E], [46, E], [8700, E]],
  },
  [178, E],
);

export const REFERENCE_TABLE: Record<ReferenceLevel, Record<ReferenceGender, Record<ReferenceClub, ClubReference>>> = {
  tour: { male: TOUR_MALE, female: TOUR_FEMALE },
  amateur: { male: AMATEUR_MALE, female: AMATEUR_FEMALE },
};

/** Specification section 3: tour-pro female values when the comparison is lpga, else male. */
export function genderForTour(tour: TourComparison): ReferenceGender {
  return tour === 'lpga' ? 'female' : 'male';
}

export function referenceFor(club: ReferenceClub, tour: TourComparison, level: ReferenceLevel = 'tour'): ClubReference {
  return REFERENCE_TABLE[level][genderForTour(tour)][club];
}

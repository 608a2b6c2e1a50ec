import type { MonthlyAverage } from '@swingfit/contracts';

export type Trend = 'up' | 'down' | 'flat';

export interface ProgressRow {
  metric: 'clubSpeed' | 'ballSpeed' | 'smashFactor' | 'spinRate' | 'carry';
  label: string;
  unit: string;
  value: number;
  average: number;
  delta: number;
  trend: Trend;
  /** Whether a rise is good news; spin has no better direction without launch angle. */
  higherIsBetter: boolean | null;
}

const METRICS: { metric: ProgressRow['metric']; label: string; unit: string; decimals: number; higherIsBetter: boolean | null }[] = [
  { metric: 'clubSpeed', label: 'Club Speed', unit: 'mph', decimals: 1, higherIsBetter: true },
  { metric: 'ballSpeed', label: 'Ball Speed', unit: 'mph', decimals: 1, higherIsBetter: true },
  { metric: 'smashFactor', label: 'Smash Factor', unit: '', decimals: 2, higherIsBetter: true },
  { metric: 'carry', label: 'Carry', unit: 'yds', decimals: 0, higherIsBetter: true },
  { metric: 'spinRate', label: 'Spin Rate', unit: 'rpm', decimals: 0, higherIsBetter: null },
];

/**
 * This swing against the golfer's 30-day average for the club: one row per number both sides have, the
 * delta rounded as the number is shown, flat when it rounds to zero.
 */
export function progressRows(values: Partial<Record<ProgressRow['metric'], number | null>>, average: MonthlyAverage | null | undefined): ProgressRow[] {
  if (!average?.hasData) return [];
  const rows: ProgressRow[] = [];
  for (const m of METRICS) {
    const value = values[m.metric];
    const avg = average[m.metric];
    if (value === null || value === undefined || avg === null) continue;
    const f = 10 ** m.decimals;
    // "+ 0" turns a rounded -0 into 0 so it never prints as a fall.
    const delta = Math.round((value - avg) * f) / f + 0;
    rows.push({ metric: m.metric, label: m.label, unit: m.unit, value, average: avg, delta, trend: delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat', higherIsBetter: m.higherIsBetter });
  }
  return rows;
}

export function formatDelta(row: Pick<ProgressRow, 'delta' | 'metric' | 'unit'>): string {
  const decimals = row.metric === 'smashFactor' ? 2 : row.metric === 'clubSpeed' || row.metric === 'ballSpeed' ? 1 : 0;
  const sign = row.delta > 0 ? '+' : row.delta < 0 ? '−' : '±';
  return `${sign}${Math.abs(row.delta).toFixed(decimals)}${row.unit ? ` ${row.unit}` : ''}`;
}

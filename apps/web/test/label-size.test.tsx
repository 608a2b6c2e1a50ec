import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { centralMonth, type DailyPoints } from '@swingfit/contracts';
import { DAILY_POINTS_KEY } from '../src/api/points';
import { PointsChart } from '../src/screens/points/PointsChart';
import { allRules } from './stylesheet-colours';
import { testQueryClient, wrap } from './helpers';

/*
 * No label smaller than 11 px, the smallest the product draws (tab labels, badges, chart days): read on a
 * phone at arm's length. The stylesheets' own sizes are checked as declared; SVG text is not page text, it
 * shrinks with its drawing, so a chart that scales with the screen keeps its labels outside the SVG.
 */
const MIN_PX = 11;

describe('every label is at least 11 px', () => {
  const sizes = allRules().flatMap(([file, selector, body]) => [...body.matchAll(/font-size:\s*([\d.]+)(px|rem|em)/g)].map((m) => [file, selector, Number(m[1]) * (m[2] === 'px' ? 1 : 16)] as const));
  it('finds the sizes', () => expect(sizes.length).toBeGreaterThanOrEqual(50));
  it.each(sizes)('%s %s', (_file, _selector, px) => expect(px).toBeGreaterThanOrEqual(MIN_PX));

  it("the month's points chart writes its day numbers as page text, not SVG text that shrinks with the chart", () => {
    const month = centralMonth(new Date()).date;
    const client = testQueryClient();
    client.setQueryData<DailyPoints>(DAILY_POINTS_KEY, { month, days: [{ date: month, points: 10 }] });
    const { getByTestId, container } = render(wrap(<PointsChart />, client));
    // At 11 units in a 320-unit-wide drawing, the days read 10 px on a 360 px phone.
    expect(getByTestId('points-chart').querySelectorAll('text')).toHaveLength(0);
    const days = [...container.querySelectorAll('.pt-chart__label')].map((l) => l.textContent);
    expect(days[0]).toBe('1');
    expect(allRules().find(([, selector]) => selector === '.pt-chart__label')?.[2]).toMatch(/font-size: 11px/);
  });
});

/**
 * The calendar heatmap of EXTENSIONS.md §3: the 365 days ending `today`, one cell a day,
 * weeks as columns (Sunday on top), darker with more spins; each cell's accessible name
 * is "{MM/DD/YYYY}: {n} spins" ("1 spin"). It scrolls sideways inside its own box, which opens
 * scrolled to its end (today).
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import { addDays, format, parseISO, subDays } from 'date-fns';
import type { StatsDay } from './stats.types';
import { countOf } from '@/lib/plural';

const CELL = 12;
const GAP = 3;
const STEP = CELL + GAP;
const LEFT = 30;
const TOP = 16;
/** Spins at which a cell reaches each darker level (level 0: no spin). */
const LEVELS = [1, 2, 3, 5];

/** The colour level (0–4) of a day with `spins` spins. */
function heatLevel(spins: number): number {
  let level = 0;
  LEVELS.forEach((threshold, index) => {
    if (spins >= threshold) level = index + 1;
  });
  return level;
}

interface Cell {
  date: Date;
  spins: number;
  column: number;
  row: number;
}

/**
 * The heatmap.
 * @param today - the last day shown, YYYY-MM-DD
 * @param days - the days with spins (others count 0)
 */
export default function Heatmap({ today, days }: { today: string; days: StatsDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  const { cells, months, columns } = useMemo(() => {
    const spinsOn = new Map(days.map((day) => [day.date, day.spins]));
    const first = subDays(parseISO(today), 364);
    const offset = first.getDay();
    const list: Cell[] = [];
    const monthLabels: Array<{ column: number; label: string }> = [];
    for (let i = 0; i < 365; i++) {
      const date = addDays(first, i);
      const column = Math.floor((i + offset) / 7);
      list.push({ date, spins: spinsOn.get(format(date, 'yyyy-MM-dd')) ?? 0, column, row: date.getDay() });
      if (date.getDate() === 1 && column < Math.floor((364 + offset) / 7)) {
        monthLabels.push({ column, label: format(date, 'MMM') });
      }
    }
    return { cells: list, months: monthLabels, columns: Math.floor((364 + offset) / 7) + 1 };
  }, [today, days]);

  // Open at the end of the year: today is the last column.
  useLayoutEffect(() => {
    const element = box.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, [cells]);

  const width = LEFT + columns * STEP;
  const height = TOP + 7 * STEP;

  return (
    <div
      ref={box}
      className="stats-heatmap border rounded p-2"
      role="region"
      aria-label="Spins per day, last 365 days"
      // A box that scrolls must be reachable by keyboard to scroll it (axe scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
      tabIndex={0}
    >
      <svg
        width={width}
        height={height}
        role="group"
        aria-label={`Spins per day up to ${format(parseISO(today), 'MM/dd/yyyy')}`}
      >
        {months.map((month) => (
          <text
            key={`${month.column}-${month.label}`}
            x={LEFT + month.column * STEP}
            y={10}
            className="stats-heatmap-label"
            aria-hidden="true"
          >
            {month.label}
          </text>
        ))}
        {[
          [1, 'Mon'],
          [3, 'Wed'],
          [5, 'Fri'],
        ].map(([row, label]) => (
          <text
            key={label}
            x={0}
            y={TOP + Number(row) * STEP + CELL - 2}
            className="stats-heatmap-label"
            aria-hidden="true"
          >
            {label}
          </text>
        ))}
        {cells.map((cell) => (
          <rect
            key={cell.date.toISOString()}
            x={LEFT + cell.column * STEP}
            y={TOP + cell.row * STEP}
            width={CELL}
            height={CELL}
            rx={2}
            role="img"
            aria-label={`${format(cell.date, 'MM/dd/yyyy')}: ${countOf(cell.spins, 'spin')}`}
            className={`stats-heat stats-heat-${heatLevel(cell.spins)}`}
          >
            <title>{`${format(cell.date, 'MM/dd/yyyy')}: ${countOf(cell.spins, 'spin')}`}</title>
          </rect>
        ))}
      </svg>
      <p className="small mb-0 mt-1 d-flex align-items-center gap-1" aria-hidden="true">
        Less
        {[0, 1, 2, 3, 4].map((level) => (
          <svg key={level} width={CELL} height={CELL}>
            <rect width={CELL} height={CELL} rx={2} className={`stats-heat stats-heat-${level}`} />
          </svg>
        ))}
        More
      </p>
    </div>
  );
}

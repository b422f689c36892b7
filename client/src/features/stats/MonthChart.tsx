/**
 * Plays by month of a year in review (EXTENSIONS.md §10): a recharts bar chart for the
 * eye, hidden from screen readers, and the same twelve numbers in a table beside it.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Table } from 'react-bootstrap';

/** Month names, January first (the table's and the chart's labels). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const COLOURS = {
  light: { bar: '#a3402b', text: '#212529', grid: '#dee2e6' },
  dark: { bar: '#e9866f', text: '#e8e8e8', grid: '#495057' },
};

/**
 * The chart and its table.
 * @param plays - twelve numbers, January first
 * @param theme - the page theme, for the chart's colours
 */
export default function MonthChart({ plays, theme }: { plays: number[]; theme: 'light' | 'dark' }) {
  const colours = COLOURS[theme];
  const rows = plays.map((count, index) => ({ month: MONTHS[index]!.slice(0, 3), plays: count }));
  return (
    <div className="row g-3">
      <div className="col-12 col-lg-7" aria-hidden="true">
        <ResponsiveContainer width="100%" height={240} initialDimension={{ width: 320, height: 240 }}>
          <BarChart data={rows} margin={{ left: 0, right: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke={colours.grid} vertical={false} />
            <XAxis
              dataKey="month"
              interval={0}
              tick={{ fill: colours.text, fontSize: 11 }}
              stroke={colours.grid}
            />
            <YAxis allowDecimals={false} width={36} tick={{ fill: colours.text }} stroke={colours.grid} />
            <Tooltip contentStyle={{ color: '#212529' }} />
            <Bar dataKey="plays" name="Plays" fill={colours.bar} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div className="col-12 col-lg-5">
        <Table size="sm" striped className="mb-0 stats-table">
          <caption className="visually-hidden">Plays by month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col" className="text-end">
                Plays
              </th>
            </tr>
          </thead>
          <tbody>
            {plays.map((count, index) => (
              <tr key={MONTHS[index]}>
                <th scope="row" className="fw-normal">
                  {MONTHS[index]}
                </th>
                <td className="text-end">{count}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </div>
  );
}

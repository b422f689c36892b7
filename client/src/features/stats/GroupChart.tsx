/**
 * One chart of EXTENSIONS.md §3 (plays and records by mood, tag or decade): a recharts
 * bar chart for the eye, hidden from screen readers, and the same numbers in a table
 * beside it that everyone can read.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Table } from 'react-bootstrap';

/** One row of a chart: its label and its two counts. */
export interface GroupRow {
  label: string;
  plays: number;
  records: number;
}

const COLOURS = {
  light: { plays: '#a3402b', records: '#3d6f96', text: '#212529', grid: '#dee2e6' },
  dark: { plays: '#e9866f', records: '#8dbbe0', text: '#e8e8e8', grid: '#495057' },
};

/**
 * A chart and its table.
 * @param id - a unique id (the heading's id is `${id}-heading`)
 * @param title - the heading, e.g. "By mood"
 * @param column - the first column's header, e.g. "Mood"
 * @param rows - the rows, in the order shown
 * @param theme - the page theme, for the chart's colours
 */
export default function GroupChart({
  id,
  title,
  column,
  rows,
  theme,
}: {
  id: string;
  title: string;
  column: string;
  rows: GroupRow[];
  theme: 'light' | 'dark';
}) {
  const colours = COLOURS[theme];
  const height = Math.max(160, rows.length * 28 + 60);
  return (
    <section aria-labelledby={`${id}-heading`} className="mb-4">
      <h3 id={`${id}-heading`} className="h5">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="text-body-secondary">Nothing to show yet.</p>
      ) : (
        <div className="row g-3">
          <div className="col-12 col-lg-7" aria-hidden="true">
            <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 320, height }}>
              <BarChart
                data={rows}
                layout="vertical"
                margin={{ left: 8, right: 16 }}
                accessibilityLayer={false}
              >
                <CartesianGrid strokeDasharray="3 3" stroke={colours.grid} horizontal={false} />
                <XAxis
                  type="number"
                  allowDecimals={false}
                  tick={{ fill: colours.text }}
                  stroke={colours.grid}
                />
                <YAxis
                  type="category"
                  dataKey="label"
                  width={96}
                  tick={{ fill: colours.text, fontSize: 12 }}
                  stroke={colours.grid}
                  interval={0}
                />
                <Tooltip contentStyle={{ color: '#212529' }} />
                <Legend wrapperStyle={{ color: colours.text }} />
                <Bar dataKey="plays" name="Plays" fill={colours.plays} isAnimationActive={false} />
                <Bar dataKey="records" name="Records" fill={colours.records} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <div className="col-12 col-lg-5">
            <Table size="sm" striped className="mb-0 stats-table">
              <caption className="visually-hidden">{title}: plays and records</caption>
              <thead>
                <tr>
                  <th scope="col">{column}</th>
                  <th scope="col" className="text-end">
                    Plays
                  </th>
                  <th scope="col" className="text-end">
                    Records
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.label}>
                    <th scope="row" className="fw-normal text-break">
                      {row.label}
                    </th>
                    <td className="text-end">{row.plays}</td>
                    <td className="text-end">{row.records}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </div>
      )}
    </section>
  );
}

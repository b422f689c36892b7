/**
 * Stats, /stats (EXTENSIONS.md §3): totals (records, spins, hours listened, current and
 * longest streak, records never played), a calendar heatmap of the last 365 days, the
 * 10 most played records and charts (each with its table) of plays and records by mood,
 * by tag and by decade. With no spins yet it invites the user to log one. This screen
 * is its own chunk, so the chart library loads only when it is opened.
 */
import { useEffect } from 'react';
import { Button, Container } from 'react-bootstrap';
import { Link } from 'react-router';
import { format } from 'date-fns';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths } from '@/lib/paths';
import type { CrateRecord } from '@spincrate/contract';
import { fetchStats } from './stats.actions';
import { selectStats, selectStatsStatus } from './stats.slice';
import type { Stats } from './stats.types';
import { hoursListened } from './stats.format';
import { countOf } from '@/lib/plural';
import Heatmap from './Heatmap';
import GroupChart, { type GroupRow } from './GroupChart';
import NumberTiles from './NumberTiles';
import TopRecordCard from './TopRecordCard';
import './stats.css';

/** The collection sorted Least Recently Played (EXTENSIONS.md §1 keeps the sort in the URL). */
const NEVER_PLAYED_LINK = `${paths.profile}?sort=least_recently_played`;

function Totals({ stats }: { stats: Stats }) {
  const items: Array<[string, React.ReactNode]> = [
    ['Records', stats.records],
    ['Spins', stats.spins],
    ['Hours listened', hoursListened(stats.minutes)],
    ['Current streak', countOf(stats.current_streak, 'day', 'days')],
    ['Longest streak', countOf(stats.longest_streak, 'day', 'days')],
    [
      'Never played',
      <Link key="never" to={NEVER_PLAYED_LINK}>
        {countOf(stats.never_played, 'record', 'records')}
      </Link>,
    ],
  ];
  return <NumberTiles label="Totals" items={items} />;
}

function TopRecords({ records }: { records: CrateRecord[] }) {
  return (
    <ol className="list-unstyled row row-cols-2 row-cols-sm-3 row-cols-lg-5 g-3">
      {records.map((record) => (
        <li key={record.id} className="col">
          <TopRecordCard record={record} plays={record.play_count ?? 0} />
        </li>
      ))}
    </ol>
  );
}

/** Links to the year in review of each year with spins, newest first (EXTENSIONS.md §10). */
function YearLinks({ years }: { years: number[] }) {
  return (
    <nav aria-labelledby="stats-years" className="my-4">
      <h2 id="stats-years" className="h4">
        Year in review
      </h2>
      <ul className="list-inline mb-0">
        {[...years].reverse().map((year) => (
          <li key={year} className="list-inline-item mb-2">
            <Link to={paths.rewind(year)} className="btn btn-outline-primary">
              {year}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The stats screen. */
/**
 * Money spent per currency and "Cheapest per play" (EXTENSIONS.md §5, API.md "Collection
 * details": `spend`, `cost_per_play`), as tables; left out when no record has a price.
 */
function Money({ stats }: { stats: Stats }) {
  if (stats.spend.length === 0) return null;
  return (
    <section aria-labelledby="stats-money" className="my-4">
      <h2 id="stats-money" className="h4">
        Money spent
      </h2>
      <div className="table-responsive">
        <table className="table table-sm w-auto">
          <caption>Money spent per currency</caption>
          <thead>
            <tr>
              <th scope="col">Currency</th>
              <th scope="col">Spent</th>
              <th scope="col">Records</th>
            </tr>
          </thead>
          <tbody>
            {stats.spend.map((row) => (
              <tr key={row.currency}>
                <th scope="row">{row.currency}</th>
                <td>{row.total}</td>
                <td>{row.records}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {stats.cost_per_play.length > 0 && (
        <div className="table-responsive">
          <table className="table table-sm">
            <caption>Cheapest per play</caption>
            <thead>
              <tr>
                <th scope="col">Record</th>
                <th scope="col">Per play</th>
                <th scope="col">Plays</th>
              </tr>
            </thead>
            <tbody>
              {stats.cost_per_play.map((row) => (
                <tr key={row.record.id}>
                  <th scope="row" className="text-break">
                    <Link to={paths.recordDetails(row.record.id)}>
                      {row.record.title} — {row.record.artist}
                    </Link>
                  </th>
                  <td>
                    {row.per_play} {row.currency}
                  </td>
                  <td>{row.record.play_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export default function StatsPage() {
  const dispatch = useAppDispatch();
  const stats = useAppSelector(selectStats);
  const status = useAppSelector(selectStatsStatus);
  const theme = useAppSelector((state) => state.theme.theme) === 'dark' ? 'dark' : 'light';

  const load = () => dispatch(fetchStats(format(new Date(), 'yyyy-MM-dd')));
  useEffect(() => {
    dispatch(fetchStats(format(new Date(), 'yyyy-MM-dd')));
  }, [dispatch]);

  let body: React.ReactNode;
  if (status === 'failed') {
    body = (
      <div role="alert">
        <p>Your stats could not be loaded.</p>
        <Button variant="primary" onClick={load}>
          Try again
        </Button>
      </div>
    );
  } else if (!stats || status !== 'succeeded') {
    body = <p role="status">Loading...</p>;
  } else if (stats.spins === 0) {
    // Nothing listened yet: the crate's own facts (records, never played, money) still show.
    body = (
      <>
        <p className="text-center">
          Log a spin to see your listening here. <Link to={paths.addSpin}>Add a spin</Link>
        </p>
        {stats.records > 0 && <Totals stats={stats} />}
        <Money stats={stats} />
      </>
    );
  } else {
    const moods: GroupRow[] = stats.by_mood.map((row) => ({ ...row, label: row.mood }));
    const tags: GroupRow[] = stats.by_tag.map((row) => ({ ...row, label: row.tag }));
    const decades: GroupRow[] = stats.by_decade.map((row) => ({
      ...row,
      label: row.decade === null ? 'Unknown year' : `${row.decade}s`,
    }));
    body = (
      <>
        <Totals stats={stats} />
        <YearLinks years={stats.spin_years} />
        <section aria-labelledby="stats-days" className="my-4">
          <h2 id="stats-days" className="h4">
            Last 365 days
          </h2>
          <Heatmap today={stats.today} days={stats.days} />
        </section>
        <section aria-labelledby="stats-top" className="my-4">
          <h2 id="stats-top" className="h4">
            Most played
          </h2>
          <TopRecords records={stats.top_records} />
        </section>
        <Money stats={stats} />
        <section aria-labelledby="stats-charts" className="my-4">
          <h2 id="stats-charts" className="h4">
            Plays and records
          </h2>
          <GroupChart id="stats-mood" title="By mood" column="Mood" rows={moods} theme={theme} />
          <GroupChart id="stats-tag" title="By tag (top 20)" column="Tag" rows={tags} theme={theme} />
          <GroupChart id="stats-decade" title="By decade" column="Decade" rows={decades} theme={theme} />
        </section>
      </>
    );
  }

  return (
    <Container className="py-4 stats-page">
      <h1 className="text-center">stats</h1>
      {body}
    </Container>
  );
}

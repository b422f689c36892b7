/**
 * Year in review, /rewind/{year} (EXTENSIONS.md §10; API.md "Year in review"): the big
 * numbers of one year (spins, plays, hours, records played and added, first plays, records
 * rescued from the dusty shelf, longest streak, busiest month and weekday), the favourite
 * new record, the top 10 records and artists, plays by month (a chart with its table),
 * moods, tags and decades, and money spent. Before 31 December the heading says
 * "{year} so far". A button makes the share card (shareCard.ts: the numbers, the top 5
 * records with their own covers, the top 5 artists). Its own chunk, loaded
 * when opened; every number is text.
 */
import { useEffect, useState } from 'react';
import { Button, Container } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { format } from 'date-fns';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths } from '@/lib/paths';
import { fetchYearReview } from './yearReview.actions';
import { selectYearReview, selectYearReviewStatus } from './yearReview.slice';
import type { YearReview } from './stats.types';
import { hoursListened } from './stats.format';
import { countOf } from '@/lib/plural';
import GroupChart, { type GroupRow } from './GroupChart';
import MonthChart, { MONTHS } from './MonthChart';
import { cardCovers, cardFacts, cardPng, cardSvg, shareOrDownload } from './shareCard';
import NumberTiles from './NumberTiles';
import TopRecordCard from './TopRecordCard';
import './stats.css';

/** ISO weekdays, Monday (1) first. */
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The page's heading: "{year} so far" before 31 December, else "{year} in review". */
export function rewindHeading(year: number, complete: boolean): string {
  return complete ? `${year} in review` : `${year} so far`;
}

function Numbers({ review }: { review: YearReview }) {
  const items: Array<[string, string]> = [
    ['Spins', String(review.spins)],
    ['Plays', String(review.plays)],
    ['Hours listened', hoursListened(review.minutes)],
    ['Records played', String(review.records_played)],
    ['Records added', String(review.records_added)],
    ['First plays', String(review.first_plays)],
    ['Rescued from the dusty shelf', String(review.rescued)],
    ['Longest streak', countOf(review.longest_streak, 'day', 'days')],
    ['Busiest month', review.busiest_month === null ? '—' : MONTHS[review.busiest_month - 1]!],
    ['Busiest weekday', review.busiest_weekday === null ? '—' : WEEKDAYS[review.busiest_weekday - 1]!],
  ];
  return <NumberTiles label="The year in numbers" items={items} className="rewind-numbers" />;
}

/** Makes the share card and shares or downloads it, saying how it went. */
function ShareCard({ review, heading }: { review: YearReview; heading: string }) {
  const [state, setState] = useState<'idle' | 'making' | 'shared' | 'downloaded' | 'failed'>('idle');
  const fileName = `spincrate-${review.year}.png`;
  const make = async () => {
    setState('making');
    try {
      const facts = cardFacts(review, heading, hoursListened(review.minutes));
      const png = await cardPng(cardSvg(facts), cardCovers(facts));
      const outcome = await shareOrDownload(png, fileName, heading);
      setState(outcome === 'cancelled' ? 'idle' : outcome);
    } catch {
      setState('failed');
    }
  };
  const messages = {
    idle: '',
    making: 'Making your card…',
    shared: 'Your card was shared.',
    downloaded: `Your card was downloaded as ${fileName}.`,
    failed: 'The card could not be made in this browser.',
  };
  return (
    <section aria-labelledby="rewind-card" className="my-4">
      <h2 id="rewind-card" className="h4">
        Share card
      </h2>
      <p>A 1080 × 1350 picture of your year: the numbers and your top 5 records and artists.</p>
      <Button variant="primary" onClick={() => void make()} disabled={state === 'making'}>
        Make a share card
      </Button>
      <p role="status" className="mt-2 mb-0">
        {messages[state]}
      </p>
    </section>
  );
}

/** Money spent on the records bought in the year, per currency (API.md "Year in review": `spend`). */
function Spend({ review }: { review: YearReview }) {
  return (
    <section aria-labelledby="rewind-spend" className="my-4">
      <h2 id="rewind-spend" className="h4">
        Money spent
      </h2>
      {review.spend.length === 0 ? (
        <p>No prices recorded for records bought in {review.year}.</p>
      ) : (
        <ul>
          {review.spend.map((row) => (
            <li key={row.currency}>
              {row.total} {row.currency} on {countOf(row.records, 'record', 'records')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Review({
  review,
  heading,
  theme,
}: {
  review: YearReview;
  heading: string;
  theme: 'light' | 'dark';
}) {
  if (review.spins === 0) {
    // Nothing listened to that year: what the year does have (records added, money spent)
    // still shows beside the message, as Stats shows its totals and money without spins.
    return (
      <>
        <p className="text-center">
          No spins logged in {review.year}. <Link to={paths.addSpin}>Add a spin</Link>
        </p>
        <p className="text-center">{countOf(review.records_added, 'record', 'records')} added.</p>
        {review.spend.length > 0 && <Spend review={review} />}
      </>
    );
  }
  const moods: GroupRow[] = review.by_mood.map((row) => ({ ...row, label: row.mood }));
  const tags: GroupRow[] = review.by_tag.map((row) => ({ ...row, label: row.tag }));
  const decades: GroupRow[] = review.by_decade.map((row) => ({
    ...row,
    label: row.decade === null ? 'Unknown year' : `${row.decade}s`,
  }));
  return (
    <>
      <Numbers review={review} />
      <section aria-labelledby="rewind-new" className="my-4">
        <h2 id="rewind-new" className="h4">
          Favourite new record
        </h2>
        {review.favourite_new_record ? (
          <div className="rewind-favourite">
            <TopRecordCard
              record={review.favourite_new_record.record}
              plays={review.favourite_new_record.plays}
              sizes="16rem"
            />
          </div>
        ) : (
          <p>No record added in {review.year} has been played yet.</p>
        )}
      </section>
      <section aria-labelledby="rewind-top" className="my-4">
        <h2 id="rewind-top" className="h4">
          Most played records
        </h2>
        <ol className="list-unstyled row row-cols-2 row-cols-sm-3 row-cols-lg-5 g-3">
          {review.top_records.map((entry) => (
            <li key={entry.record.id} className="col">
              <TopRecordCard record={entry.record} plays={entry.plays} />
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="rewind-artists" className="my-4">
        <h2 id="rewind-artists" className="h4">
          Most played artists
        </h2>
        <ol className="rewind-artists">
          {review.top_artists.map((row) => (
            <li key={row.artist}>
              <span className="fw-bold">{row.artist}</span>: {countOf(row.plays, 'play', 'plays')},{' '}
              {countOf(row.records, 'record', 'records')}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="rewind-months" className="my-4">
        <h2 id="rewind-months" className="h4">
          Plays by month
        </h2>
        <MonthChart plays={review.plays_by_month} theme={theme} />
      </section>
      <section aria-labelledby="rewind-charts" className="my-4">
        <h2 id="rewind-charts" className="h4">
          Plays and records
        </h2>
        <GroupChart id="rewind-mood" title="By mood" column="Mood" rows={moods} theme={theme} />
        <GroupChart id="rewind-tag" title="By tag (top 20)" column="Tag" rows={tags} theme={theme} />
        <GroupChart id="rewind-decade" title="By decade" column="Decade" rows={decades} theme={theme} />
      </section>
      <Spend review={review} />
      <ShareCard review={review} heading={heading} />
    </>
  );
}

/** The year in review screen. */
export default function RewindPage() {
  const dispatch = useAppDispatch();
  const param = useParams().year ?? '';
  const today = format(new Date(), 'yyyy-MM-dd');
  const year = /^[0-9]{4}$/.test(param) ? Number(param) : NaN;
  const possible = year >= 1900 && year <= Number(today.slice(0, 4));
  const review = useAppSelector((state) => selectYearReview(state, year));
  const status = useAppSelector(selectYearReviewStatus);
  const theme = useAppSelector((state) => state.theme.theme) === 'dark' ? 'dark' : 'light';

  const load = () => dispatch(fetchYearReview({ year, today }));
  useEffect(() => {
    if (possible) dispatch(fetchYearReview({ year, today }));
  }, [dispatch, year, today, possible]);

  const heading = possible
    ? rewindHeading(year, review?.complete ?? today >= `${year}-12-31`)
    : 'Year in review';
  let body: React.ReactNode;
  if (!possible) {
    body = (
      <p className="text-center">
        There is no year in review for {param}. <Link to={paths.stats}>Back to stats</Link>
      </p>
    );
  } else if (status === 'failed') {
    body = (
      <div role="alert">
        <p>Your year could not be loaded.</p>
        <Button variant="primary" onClick={load}>
          Try again
        </Button>
      </div>
    );
  } else if (!review) {
    body = <p role="status">Loading...</p>;
  } else {
    body = <Review review={review} heading={heading} theme={theme} />;
  }

  return (
    <Container className="py-4 stats-page">
      <h1 className="text-center">{heading}</h1>
      <p className="text-center">
        <Link to={paths.stats}>All stats</Link>
      </p>
      {body}
    </Container>
  );
}

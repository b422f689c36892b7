/**
 * Latest Listens (/social/recentlySpun, PRODUCT.md §2): the records friends have
 * spun lately, as flip cards (cover art in front; title, artist, who spun it when,
 * and the spin's details on the back).
 */
import { useEffect, useState } from 'react';
import { fetchLatestListens } from './social.actions';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { FlipCard } from './FlipCard';
import { Gallery } from './Gallery';
import { spunText } from './social.text';

/** The Latest Listens screen. */
export default function LatestListensPage() {
  const dispatch = useAppDispatch();
  const listens = useAppSelector((state) => state.latestListens);
  // The list in the store when the screen opened; a new one means this visit's answer arrived.
  const [initial] = useState(listens);

  useEffect(() => {
    dispatch(fetchLatestListens());
  }, [dispatch]);

  return (
    <Gallery
      loaded={listens !== initial}
      emptyText="No listens from your friends yet. When a friend logs a spin, it shows up here."
      title="Latest Listens"
      subtitle="what your friends have been listening to"
      items={listens.map((listen, index) => ({
        key: `${listen.spin_id}-${listen.album_id}-${index}`,
        card: (
          <FlipCard
            coverart={listen.coverart}
            cover={listen.cover}
            title={listen.title}
            artist={listen.artist}
          >
            <span className="flip-card-title">{listen.title}</span> <span>{listen.artist}</span>{' '}
            <span>{spunText(listen.friend_username, listen.listened_at)}</span>{' '}
            <span className="fst-italic">{listen.spin_details}</span>
          </FlipCard>
        ),
      }))}
    />
  );
}

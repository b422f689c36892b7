/**
 * Hot Off The Press (/social/hotp, PRODUCT.md §2): what friends recently added to
 * their crates, as flip cards (cover art in front; title, artist, the owner's crate
 * and the date added on the back).
 */
import { useEffect, useState } from 'react';
import { fetchHotp } from './social.actions';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { FlipCard } from './FlipCard';
import { Gallery } from './Gallery';
import { addedText, cratePhrase } from './social.text';

/** The Hot Off The Press screen. */
export default function HotpPage() {
  const dispatch = useAppDispatch();
  const hotp = useAppSelector((state) => state.hotp);
  // The list in the store when the screen opened; a new one means this visit's answer arrived.
  const [initial] = useState(hotp);

  useEffect(() => {
    dispatch(fetchHotp());
  }, [dispatch]);

  return (
    <Gallery
      loaded={hotp !== initial}
      emptyText="Nothing new from your friends yet. When a friend adds a record, it shows up here."
      title="Hot Off The Press"
      subtitle="what your friends have picked up lately"
      items={hotp.map((record) => ({
        key: record.id,
        card: (
          <FlipCard
            coverart={record.coverart}
            cover={record.cover}
            title={record.title}
            artist={record.artist}
          >
            <span className="flip-card-title">{record.title}</span> <span>{record.artist}</span>{' '}
            <span>{cratePhrase(record.username)}</span> <span>{addedText(record.date_added)}</span>
          </FlipCard>
        ),
      }))}
    />
  );
}

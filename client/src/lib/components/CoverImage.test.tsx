import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import CoverImage from './CoverImage';

// The fallback cover is API.md's "Entities" path: "/covers/fallback.svg".
const FALLBACK = '/covers/fallback.svg';
const OWN = { small: '/covers/7/abc-250.webp', large: '/covers/7/abc-500.webp' };

describe('CoverImage (EXTENSIONS.md §1 "Covers", §9: a cover that cannot be loaded)', () => {
  it('shows the fallback cover instead of a broken image when its own thumbnails fail (offline, never kept)', () => {
    render(
      <CoverImage coverart="https://img.example/x.jpg" cover={OWN} alt="Dummy" width={300} height={300} />,
    );
    const img = screen.getByRole('img', { name: 'Dummy' });
    expect(img).toHaveAttribute('srcset', '/covers/7/abc-250.webp 250w, /covers/7/abc-500.webp 500w');

    fireEvent.error(img);

    expect(img).toHaveAttribute('src', FALLBACK);
    // A srcset would still win over src: it is gone, and so is its sizes.
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
    expect(img).toHaveAttribute('alt', 'Dummy');
  });

  it('shows the fallback cover when an image host’s cover fails, and does not loop when that fails too', () => {
    render(<CoverImage coverart="https://img.example/x.jpg" alt="Tago Mago" width={300} height={300} />);
    const img = screen.getByRole('img', { name: 'Tago Mago' });
    expect(img).toHaveAttribute('src', 'https://img.example/x.jpg');

    fireEvent.error(img);
    expect(img).toHaveAttribute('src', FALLBACK);
    const changed = vi.spyOn(img, 'removeAttribute');
    fireEvent.error(img);
    expect(changed).not.toHaveBeenCalled();
    expect(img).toHaveAttribute('src', FALLBACK);
  });

  it('leaves a screen’s own error handler in charge', () => {
    const onError = vi.fn();
    render(
      <CoverImage
        coverart="https://img.example/x.jpg"
        alt="Dummy"
        width={300}
        height={300}
        onError={onError}
      />,
    );
    const img = screen.getByRole('img', { name: 'Dummy' });
    fireEvent.error(img);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(img).toHaveAttribute('src', 'https://img.example/x.jpg');
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import AboutPage from './AboutPage';
import InfoPage from './InfoPage';
import TestImagePage from './TestImagePage';

// PRODUCT.md §2 "About and Info", quoted: "a feature list (digitizes your record collection; lets
// you see your friends' collections; keep a log of records you have played; lets you easily search
// through hundreds of records; and more)".
const FEATURES = [
  'digitizes your record collection',
  "lets you see your friends' collections",
  'keep a log of records you have played',
  'lets you easily search through hundreds of records',
  'and more',
];
// PRODUCT.md §1: "The how-to shown to users: log in or register, add records to your crate, add
// friends to see their crates, create spin sessions to log listening."
const HOW_TO = [
  /log in or register/i,
  /add records to your crate/i,
  /add friends to see their crates/i,
  /create spin sessions to log listening/i,
];

function expectSocialLinks() {
  const links = within(screen.getByRole('list', { name: 'Social links' }));
  // PRODUCT.md §1: "social links to a code-hosting profile and a professional-network profile".
  expect(links.getByRole('link', { name: /GitHub/ })).toHaveAttribute(
    'href',
    expect.stringMatching(/^https:\/\/github\.com\//),
  );
  expect(links.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute(
    'href',
    expect.stringMatching(/^https:\/\/www\.linkedin\.com\//),
  );
}

describe('About screen', () => {
  it('shows the heading, logo, features, Why, social links and the 800px chat frame', () => {
    renderApp({ route: '/about', ui: <AboutPage /> });
    expect(screen.getByRole('heading', { level: 1, name: 'about' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Spincrate logo' })).toHaveAttribute('src', '/logo-light.svg');
    for (const feature of FEATURES) expect(screen.getByText(feature)).toBeInTheDocument();
    expect(screen.getByText('digitizes your record collection')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Why' })).toBeInTheDocument();
    expectSocialLinks();
    const frame = screen.getByTitle('Chat with Crate Digger');
    expect(frame).toHaveAttribute('height', '800');
    expect(frame).toHaveAttribute('width', '100%');
    // The frame comes first, across the whole width, then the heading (PRODUCT.md §2 "About and Info").
    const heading = screen.getByRole('heading', { level: 1, name: 'about' });
    expect(frame.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(frame.closest('[class*="col-lg"]')).toBeNull();
  });

  it('shows the white logo on the dark theme', () => {
    renderApp({ route: '/about', ui: <AboutPage />, state: { theme: { theme: 'dark' } } });
    expect(screen.getByRole('img', { name: 'Spincrate logo' })).toHaveAttribute('src', '/logo-white.svg');
  });
});

describe('Info screen', () => {
  it('shows the heading, logo, numbered how-to, feedback link and social links', () => {
    renderApp({ route: '/info', ui: <InfoPage /> });
    expect(screen.getByRole('heading', { level: 1, name: 'Info' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Spincrate logo' })).toBeInTheDocument();
    const steps = screen.getAllByRole('listitem').filter((item) => item.closest('ol'));
    expect(steps).toHaveLength(HOW_TO.length);
    HOW_TO.forEach((step, index) => expect(steps[index]).toHaveTextContent(step));
    // PRODUCT.md §1: "Feedback and bug reports go through a public code-hosting page".
    expect(screen.getByRole('link', { name: /issues page/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/github\.com\/.+\/issues$/),
    );
    expectSocialLinks();
  });
});

describe('Image demo (/test)', () => {
  it('renders the configured sample image with alt text', () => {
    renderApp({ route: '/test', ui: <TestImagePage /> });
    const image = screen.getByRole('img', { name: /sample image/i });
    expect(image).toHaveAttribute('src', '/sample-image.svg');
  });
});

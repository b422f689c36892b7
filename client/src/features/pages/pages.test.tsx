import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import AboutPage, { FEATURES } from './AboutPage';
import InfoPage, { HOW_TO } from './InfoPage';
import TestImagePage from './TestImagePage';
import { CODE_HOST_ISSUES_URL, CODE_HOST_PROFILE_URL, PROFESSIONAL_PROFILE_URL } from './links';

function expectSocialLinks() {
  const links = within(screen.getByRole('list', { name: 'Social links' }));
  expect(links.getByRole('link', { name: /GitHub/ })).toHaveAttribute('href', CODE_HOST_PROFILE_URL);
  expect(links.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute('href', PROFESSIONAL_PROFILE_URL);
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
    expect(steps.map((step) => step.textContent)).toEqual(HOW_TO);
    expect(HOW_TO.join(' ')).toMatch(/log in or register.*records to your crate.*friends.*spin sessions/i);
    expect(screen.getByRole('link', { name: /issues page/ })).toHaveAttribute('href', CODE_HOST_ISSUES_URL);
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

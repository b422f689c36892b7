/**
 * Social links of the info and about screens (PRODUCT.md §1, §2 "About and Info"): a
 * code-hosting profile and a professional-network profile, opened in a new tab.
 */
import { CODE_HOST_PROFILE_URL, PROFESSIONAL_PROFILE_URL } from './links';

/** Each link: where it goes, its name and its 16×16 icon path. */
const LINKS = [
  {
    href: CODE_HOST_PROFILE_URL,
    name: 'GitHub',
    icon: 'M8 0a8 8 0 0 0-2.53 15.59c.4.07.55-.17.55-.38v-1.33c-2.23.48-2.7-1.07-2.7-1.07-.36-.93-.89-1.17-.89-1.17-.73-.5.05-.49.05-.49.8.06 1.23.83 1.23.83.72 1.22 1.87.87 2.33.67.07-.52.28-.87.5-1.07-1.78-.2-3.65-.89-3.65-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82a7.6 7.6 0 0 1 4 0c1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48v2.2c0 .21.15.46.55.38A8 8 0 0 0 8 0Z',
  },
  {
    href: PROFESSIONAL_PROFILE_URL,
    name: 'LinkedIn',
    icon: 'M0 1.15C0 .52.52 0 1.18 0h13.64C15.48 0 16 .52 16 1.15v13.7c0 .63-.52 1.15-1.18 1.15H1.18C.52 16 0 15.48 0 14.85V1.15ZM4.9 13.4V6.2H2.5v7.2h2.4ZM3.7 5.2c.84 0 1.36-.55 1.36-1.24-.02-.71-.52-1.25-1.34-1.25-.82 0-1.36.54-1.36 1.25 0 .69.52 1.24 1.32 1.24h.02Zm4.9 8.2V9.37c0-.21.02-.43.08-.58.17-.43.57-.88 1.23-.88.87 0 1.22.66 1.22 1.63v3.86h2.4V9.27c0-2.22-1.18-3.25-2.76-3.25-1.27 0-1.84.7-2.16 1.2V6.2H6.2c.03.68 0 7.2 0 7.2h2.4Z',
  },
];

/** The two social links, as a list. */
export function SocialLinks() {
  return (
    <ul className="list-inline social-links mb-0" aria-label="Social links">
      {LINKS.map((link) => (
        <li className="list-inline-item" key={link.name}>
          <a className="btn btn-outline-secondary" href={link.href} target="_blank" rel="noopener noreferrer">
            <svg
              aria-hidden="true"
              viewBox="0 0 16 16"
              width="18"
              height="18"
              className="me-2 align-text-bottom"
            >
              <path fill="currentColor" d={link.icon} />
            </svg>
            {link.name}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

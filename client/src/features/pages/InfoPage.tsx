/**
 * Info screen at /info (PRODUCT.md §1, §2 "About and Info"): heading 'Info', the
 * themed logo, the numbered how-to, the feedback and bug-report paragraph linking to
 * the public issues page, and social links.
 */
import { ThemedLogo } from '@/lib/components/ThemedLogo';
import { CODE_HOST_ISSUES_URL } from './links';
import { SocialLinks } from './SocialLinks';

/** The how-to of PRODUCT.md §1, in order. */
const HOW_TO = [
  'Log in or register.',
  'Add records to your crate.',
  'Add friends to see their crates.',
  'Create spin sessions to log listening.',
];

/** The /info screen. */
export default function InfoPage() {
  return (
    <div className="container py-4 info-page">
      <h1>Info</h1>
      <ThemedLogo size={140} className="my-3" />
      <h2 className="h4">How to use Spincrate</h2>
      <ol>
        {HOW_TO.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <h2 className="h4">Feedback and bugs</h2>
      <p>
        Found a bug or have an idea? Tell us on the{' '}
        <a href={CODE_HOST_ISSUES_URL} target="_blank" rel="noopener noreferrer">
          Spincrate issues page<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        . Every report is read.
      </p>
      <SocialLinks />
    </div>
  );
}

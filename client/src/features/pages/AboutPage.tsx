/**
 * About screen at /about (PRODUCT.md §2 "About and Info"): heading 'about', the themed
 * logo, the feature list, a 'Why' paragraph, social links, and, first, the embedded
 * chat-bot frame (800px high, full width).
 */
import { ChatFrame } from '@/lib/components/ChatFrame';
import { ThemedLogo } from '@/lib/components/ThemedLogo';
import { SocialLinks } from './SocialLinks';

/** The features, as PRODUCT.md §2 lists them. */
const FEATURES = [
  'digitizes your record collection',
  "lets you see your friends' collections",
  'keep a log of records you have played',
  'lets you easily search through hundreds of records',
  'and more',
];

/** The /about screen. */
export default function AboutPage() {
  return (
    <div className="container py-4">
      <section aria-label="Chat" className="mb-4">
        <ChatFrame />
      </section>
      <div className="row g-4">
        <div className="col-12">
          <h1 className="text-lowercase">about</h1>
          <ThemedLogo size={140} className="my-3" />
          <p>Spincrate is a home for your vinyl. It:</p>
          <ul>
            {FEATURES.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          <h2 className="h4">Why</h2>
          <p>
            A record collection grows one crate at a time, and after a while nobody remembers what is in it.
            Spincrate keeps the whole crate in your pocket: you can check whether you already own a pressing
            while standing in the shop, remember what you spun last Sunday, see what your friends have been
            digging up, and let the blind bag pick tonight&apos;s record when you can&apos;t decide.
          </p>
          <SocialLinks />
        </div>
      </div>
    </div>
  );
}

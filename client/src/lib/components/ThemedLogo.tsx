/**
 * The Spincrate logo in the variant of the current theme (PRODUCT.md §2 "About and
 * Info", §4 "Theme … changing the logos"): /logo-light.svg on light, /logo-white.svg on dark.
 */
import { useAppSelector } from '@/app/hooks';

/** The themed product logo image; `size` is its width and height in CSS pixels. */
export function ThemedLogo({ size = 160, className }: { size?: number; className?: string }) {
  const theme = useAppSelector((state) => state.theme.theme);
  return (
    <img
      src={theme === 'dark' ? '/logo-white.svg' : '/logo-light.svg'}
      alt="Spincrate logo"
      width={size}
      height={size}
      className={className}
    />
  );
}

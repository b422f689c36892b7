/** social screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function SocialPage() {
  return <h1>social</h1>;
}

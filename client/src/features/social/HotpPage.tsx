/** Hot Off The Press screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function HotpPage() {
  return <h1>Hot Off The Press</h1>;
}

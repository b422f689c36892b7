/** Navigation bar (PRODUCT.md §2). Placeholder until the layout feature lands. */
export default function Nav() {
  return <nav aria-label="Main">Spincrate</nav>;
}

/** Footer (PRODUCT.md §2). Placeholder until the layout feature lands. */
export default function Footer() {
  return <footer>v1.3.2</footer>;
}

/** about screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function AboutPage() {
  return <h1>about</h1>;
}

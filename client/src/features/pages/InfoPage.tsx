/** Info screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function InfoPage() {
  return <h1>Info</h1>;
}

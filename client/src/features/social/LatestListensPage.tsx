/** Latest Listens screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function LatestListensPage() {
  return <h1>Latest Listens</h1>;
}

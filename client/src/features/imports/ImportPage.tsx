/** Import from Discogs screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function ImportPage() {
  return <h1>Import from Discogs</h1>;
}

/** Collection screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function CollectionPage() {
  return <h1>Collection</h1>;
}

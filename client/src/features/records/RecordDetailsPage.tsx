/** Record details screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function RecordDetailsPage() {
  return <h1>Record details</h1>;
}

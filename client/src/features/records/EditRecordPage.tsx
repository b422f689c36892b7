/** Edit record screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function EditRecordPage() {
  return <h1>Edit record</h1>;
}

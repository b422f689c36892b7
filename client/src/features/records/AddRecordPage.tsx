/** Add record screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function AddRecordPage() {
  return <h1>Add record</h1>;
}

/** Add spin screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function AddSpinPage() {
  return <h1>Add spin</h1>;
}

/** Image demo screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function TestImagePage() {
  return <h1>Image demo</h1>;
}

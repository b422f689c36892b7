/** spin details screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function SpinDetailsPage() {
  return <h1>spin details</h1>;
}

/** blindbag screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function BlindbagPage() {
  return <h1>blindbag</h1>;
}

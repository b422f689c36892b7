/** spins screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function SpinsPage() {
  return <h1>spins</h1>;
}

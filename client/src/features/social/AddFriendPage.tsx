/** Add friend screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function AddFriendPage() {
  return <h1>Add friend</h1>;
}

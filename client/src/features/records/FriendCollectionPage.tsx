/** Friend collection screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function FriendCollectionPage() {
  return <h1>Friend collection</h1>;
}

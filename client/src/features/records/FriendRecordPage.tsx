/** Friend record screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function FriendRecordPage() {
  return <h1>Friend record</h1>;
}

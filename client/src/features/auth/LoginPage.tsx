/** Login screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function LoginPage() {
  return <h1>Login</h1>;
}

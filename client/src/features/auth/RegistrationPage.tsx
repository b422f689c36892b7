/** Register User screen (PRODUCT.md §2). Placeholder until its feature lands. */
export default function RegistrationPage() {
  return <h1>Register User</h1>;
}

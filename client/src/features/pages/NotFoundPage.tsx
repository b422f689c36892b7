/** Any unknown path shows the text 404 (PRODUCT.md §2). */
export default function NotFoundPage() {
  return (
    <main className="container py-5 text-center">
      <h1>404</h1>
    </main>
  );
}
